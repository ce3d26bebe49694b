// Which module a code skill's host imports: manifest.entry, else package.json exports["."],
// else main, else dist/index.js. It must stay inside the package: a manifest is data from
// the network, and `"entry": "../../other/index.js"` would run someone else's code.
import { resolve } from 'node:path';
import { isInsidePath } from '../read-file.js';

export type EntrySource = 'manifest' | 'exports' | 'main' | 'default';

export interface EntryChoice {
  /** As written (relative to the package). */
  target: string;
  /** Absolute path. */
  path: string;
  source: EntrySource;
  inside: boolean;
}

export const DEFAULT_ENTRY = 'dist/index.js';

// Node's resolver picks the first key, in object order, among the conditions it knows.
const CONDITIONS = new Set(['node', 'import', 'default']);

/** The target of the "." export for an ESM import, or undefined when there is none. */
export function mainExportTarget(exportsField: unknown): string | undefined {
  if (typeof exportsField === 'string') return exportsField;
  if (Array.isArray(exportsField)) {
    for (const item of exportsField) {
      const t = mainExportTarget(item);
      if (t !== undefined) return t;
    }
    return undefined;
  }
  if (typeof exportsField !== 'object' || exportsField === null) return undefined;
  const map = exportsField as Record<string, unknown>;
  const keys = Object.keys(map);
  // Subpath map ({ ".": ..., "./testing": ... }) or a bare condition map for ".".
  if (keys.some((k) => k.startsWith('.')))
    return Object.hasOwn(map, '.') ? mainExportTarget(map['.']) : undefined;
  for (const k of keys) {
    if (!CONDITIONS.has(k)) continue;
    const t = mainExportTarget(map[k]);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** Strictly inside: the folder itself is not a module either. Lexical: read-folder.ts also
 * resolves symlinks before an entry is used. */
export const isInside = isInsidePath;

export function chooseEntry(
  dir: string,
  manifestEntry: unknown,
  pkg: { exports?: unknown; main?: string } | undefined,
): EntryChoice {
  let target: string | undefined;
  let source: EntrySource = 'default';
  if (typeof manifestEntry === 'string' && manifestEntry !== '') {
    target = manifestEntry;
    source = 'manifest';
  } else if (pkg?.exports !== undefined && (target = mainExportTarget(pkg.exports)) !== undefined) {
    source = 'exports';
  } else if (typeof pkg?.main === 'string' && pkg.main !== '') {
    target = pkg.main;
    source = 'main';
  }
  target ??= DEFAULT_ENTRY;
  const path = resolve(dir, target);
  return { target, path, source, inside: isInside(dir, path) };
}
