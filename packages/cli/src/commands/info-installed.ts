// What this home's installed copy of a skill lost at install: the store copy's package.json is
// rewritten without its dev-only fields (devDependencies, scripts, ...) before npm sees it, and
// those fields are kept under one key. `info` shows them, so what the author published is still
// visible after install.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The key install records removed fields under (the host's slim-package.ts writes it). */
const REMOVED_KEY = 'openclawRemoved';

/** Pure: `field: key, key; field: ...` for each removed field (objects by key, lists as is). */
export function describeRemoved(removed: Record<string, unknown>): string {
  return Object.entries(removed)
    .map(([field, value]) => {
      const parts =
        value && typeof value === 'object'
          ? Array.isArray(value)
            ? value.map(String)
            : Object.keys(value)
          : [String(value)];
      return `${field}: ${parts.join(', ') || '(empty)'}`;
    })
    .join('; ');
}

/** The fields install removed from the store copy in `versionDir`; undefined when not installed. */
export async function removedOnInstall(
  versionDir: string,
): Promise<Record<string, unknown> | undefined> {
  let pkg: unknown;
  try {
    pkg = JSON.parse(await readFile(join(versionDir, 'package.json'), 'utf8'));
  } catch {
    return undefined; // Not installed in this home (or not this version).
  }
  const removed = (pkg as Record<string, unknown> | null)?.[REMOVED_KEY];
  return removed && typeof removed === 'object' && !Array.isArray(removed)
    ? (removed as Record<string, unknown>)
    : undefined;
}
