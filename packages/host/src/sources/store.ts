// The npm store as a source: each installed skill's `current` link (install/store.ts), read
// through to its real per-version folder. The record's dir is then `<name>/<version>`, so a
// new version has new file URLs (ESM caches by URL) and a new record (a new generation).
import { existsSync } from 'node:fs';
import { readdir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export async function storeFolders(storeDir: string): Promise<string[]> {
  // A home without installs has no store: no failed readdir (and its error) to pay for.
  if (!existsSync(storeDir)) return [];
  let names;
  try {
    names = await readdir(storeDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const dirs = await Promise.all(
    names
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map(async (e) => {
        const child = join(storeDir, e.name);
        if (!existsSync(join(child, 'current'))) {
          // A folder put here by hand (no versions): a plain skill folder, as in any source.
          return existsSync(join(child, 'SKILL.md')) || existsSync(join(child, 'manifest.json'))
            ? child
            : undefined;
        }
        try {
          const real = await realpath(join(child, 'current'));
          // Only a version folder of this skill: a link that points elsewhere is ignored.
          const rel = relative(await realpath(child), real);
          return rel && !rel.startsWith('..') && !rel.includes(sep) ? real : undefined;
        } catch {
          return undefined;
        }
      }),
  );
  return dirs.filter((d): d is string => d !== undefined).sort();
}
