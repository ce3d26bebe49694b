// The content digest a lockfile entry keeps for a skill installed from a folder, an archive
// or git: sha256 over the installed files, in sorted relative path order, each as its path
// and its contents (a symlink as its target). Equal digests mean nothing changed, so
// `update` makes no new generation and `install --frozen` can prove it rebuilt the same files.
import { createHash } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export interface DigestFile {
  /** Relative path with `/` separators. */
  path: string;
  /** File bytes, or a symlink's target. */
  contents: Uint8Array | string;
  symlink?: boolean;
}

/**
 * sha256 (hex) over `files`: sorted by path (code unit order), each framed by its kind, path
 * length, path, contents length and contents, so no two trees give the same byte stream.
 */
export function digestFiles(files: readonly DigestFile[]): string {
  const hash = createHash('sha256');
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const f of sorted) {
    const body = typeof f.contents === 'string' ? Buffer.from(f.contents) : f.contents;
    const path = Buffer.from(f.path);
    hash.update(`${f.symlink ? 'L' : 'F'}${path.length}:`);
    hash.update(path);
    hash.update(`${body.length}:`);
    hash.update(body);
  }
  return hash.digest('hex');
}

/** Every file and symlink under `dir` (folders only through their files), as digest input. */
export async function readTree(dir: string): Promise<DigestFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: DigestFile[] = [];
  for (const e of entries) {
    const full = join(e.parentPath, e.name);
    const path = relative(dir, full).split(sep).join('/');
    if (e.isSymbolicLink()) out.push({ path, contents: await readlink(full), symlink: true });
    else if (e.isFile()) out.push({ path, contents: await readFile(full) });
  }
  return out;
}

export const digestTree = async (dir: string): Promise<string> => digestFiles(await readTree(dir));

/** The digest as an SRI string, what the lockfile's `integrity` holds for these sources. */
export const digestIntegrity = (hex: string): string =>
  `sha256-${Buffer.from(hex, 'hex').toString('base64')}`;
