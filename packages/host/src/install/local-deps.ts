// Local dependencies an install was allowed to have (`--allow-local-deps`), from the install
// to the sandbox:
// - before npm runs, the staged package.json names each one by its real path (`file:<path>`),
//   so a relative range still means the folder next to the author's checkout, not one next to
//   the staging folder, and npm links exactly the folder the consent showed;
// - after npm, every link under node_modules must land inside the package or on one of those
//   paths (a dependency of a dependency cannot link a folder in either);
// - the paths are recorded in the version's lockfile entry, `<name>/<version>.lock.json`
//   beside the version folder in the store (outside it, so the package cannot write or ship
//   it), which is where the sandbox reads them at run time.
import { lstat, readdir, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { SkillError } from '@openclaw/skill-sdk';
import type { LocalDependency } from './types.js';

const inside = (parent: string, child: string) => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Rewrites the staged package.json so each allowed local dependency names its real path. */
export async function pinLocalDependencies(
  dir: string,
  local: readonly LocalDependency[],
): Promise<void> {
  if (local.length === 0) return;
  const file = join(dir, 'package.json');
  const pkg = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>;
  for (const d of local) pkg[d.field] = { ...pkg[d.field], [d.name]: `file:${d.path}` };
  await writeFileAtomic(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/**
 * npm links a `file:` folder by a relative path from where it ran (the staging folder); the
 * link is made absolute so the version folder can move into the store and still name it.
 */
export async function absoluteLocalLinks(
  dir: string,
  local: readonly LocalDependency[],
): Promise<void> {
  for (const d of local) {
    const link = join(dir, 'node_modules', d.name);
    const stat = await lstat(link).catch(() => undefined);
    if (!stat?.isSymbolicLink()) continue;
    await rm(link);
    await symlink(d.path, link, 'junction');
  }
}

/**
 * Refuses an installed tree holding a link that resolves outside the package folder and the
 * allowed local paths (npm followed a `file:` range somewhere in the tree).
 */
export async function checkInstalledLinks(dir: string, allowed: readonly string[]): Promise<void> {
  const root = await realpath(dir);
  const modules = join(root, 'node_modules');
  const entries = await readdir(modules, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isSymbolicLink()) continue;
    const link = join(e.parentPath, e.name);
    const target = await realpath(link).catch(() => undefined);
    if (target === undefined) continue; // A dangling link opens nothing.
    if (inside(root, target) || allowed.some((p) => inside(p, target))) continue;
    throw new SkillError(
      'INSTALL_FAILED',
      `Installing the dependencies linked ${relative(root, link)} to ${target}, outside the skill's folder; nothing was installed.`,
      {
        hint: "A dependency's own dependencies must be registry ranges too; find the `file:` or `link:` range in the dependency's package.json.",
      },
    );
  }
}

/**
 * The local paths consented at install for the store folder `dir` (`<name>/<version>`), read
 * from its lockfile entry beside it; none for a folder without one.
 */
export async function consentedLocalPaths(dir: string): Promise<string[]> {
  let entry: { localDependencies?: unknown };
  try {
    entry = JSON.parse(await readFile(`${dir}.lock.json`, 'utf8')) as typeof entry;
  } catch {
    return [];
  }
  const recorded = entry.localDependencies;
  if (typeof recorded !== 'object' || recorded === null) return [];
  return Object.values(recorded).filter((p): p is string => typeof p === 'string' && isAbsolute(p));
}

/**
 * The folder a package's local ranges resolve against: the folder it was installed from, or
 * the folder holding its tarball; none for a registry or URL package.
 */
export function localBase(fetched: {
  type: 'registry' | 'file' | 'directory' | 'remote';
  resolved: string;
}): string | undefined {
  const path = fetched.resolved.replace(/^file:/, '');
  if (fetched.type === 'directory') return path;
  if (fetched.type === 'file' && isAbsolute(path)) return dirname(path);
  return undefined;
}

/** A lockfile entry carrying exactly these local dependencies (name -> real path), or none. */
export function withLocalDependencies<T extends { localDependencies?: Record<string, string> }>(
  entry: T,
  local: readonly LocalDependency[] | undefined,
): T {
  const { localDependencies: _old, ...rest } = entry;
  void _old;
  if (!local || local.length === 0) return rest as T;
  return {
    ...rest,
    localDependencies: Object.fromEntries(local.map((d) => [d.name, d.path])),
  } as T;
}
