// Skill folders in temp dirs for the SDK's tests. Not built into dist (tsconfig excludes
// *.fixtures.ts) and not public API.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Returns a writer of skill folders, each in a fresh temp dir removed after the file's
 * tests; objects are written as pretty JSON (one key a line, so lines are predictable).
 */
export function skillFolders(prefix: string) {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));
  return async function skill(
    files: Record<string, string | object>,
    name = 'gmail',
  ): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), prefix));
    roots.push(root);
    const dir = join(root, name);
    await mkdir(dir);
    for (const [rel, content] of Object.entries(files)) {
      const file = join(dir, rel);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(
        file,
        typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n',
      );
    }
    return dir;
  };
}
