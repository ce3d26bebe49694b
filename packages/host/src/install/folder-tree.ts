// Packing a skill folder in this process instead of a `npm pack` child (which costs a second
// of npm start-up per install). pacote's folder fetcher packs exactly as `npm pack` does (the
// same file list from npm-packlist, the same tar options, fixed file times), given the folder
// as npm's Arborist would load it. Of that tree npm-packlist reads only the root's path, its
// package.json and, for bundled dependencies, the links to them: a folder that bundles
// dependencies is left to `npm pack` (undefined here), so its tarball keeps them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The part of an Arborist root node that npm-packlist reads for a folder without bundles. */
export interface FolderTree {
  path: string;
  /** package.json as pacote normalizes it (a string `bin` becomes a map, as Arborist's does). */
  package: Record<string, unknown>;
  isProjectRoot: true;
  edgesOut: Map<string, never>;
  workspaces: undefined;
}

/** True when package.json asks for dependencies inside the tarball (either spelling). */
export function bundlesDependencies(raw: Record<string, unknown>): boolean {
  const bundled = raw.bundleDependencies ?? raw.bundledDependencies;
  if (bundled === true) return Object.keys(raw.dependencies ?? {}).length > 0;
  return Array.isArray(bundled) && bundled.length > 0;
}

/**
 * The tree to pack `dir` in process, or undefined when only `npm pack` packs it faithfully
 * (bundled dependencies, or a package.json that is not a JSON object: npm pack's own message
 * then says what is wrong).
 */
export async function folderTree(
  dir: string,
  manifest: Record<string, unknown>,
): Promise<FolderTree | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  if (bundlesDependencies(raw as Record<string, unknown>)) return undefined;
  return {
    path: dir,
    package: manifest,
    isProjectRoot: true,
    edgesOut: new Map<string, never>(),
    workspaces: undefined,
  };
}
