// Where a path inside a granted folder really leads, walked one component at a time with the
// links in it followed, without ever looking outside the granted folders (the sandbox may not
// look there, and need not: a walk that leaves them is refused whatever lies beyond). Pure
// over the two probes it is given, so the walk is tested without a file system.
import { dirname, isAbsolute, relative } from 'node:path';

/** What the walk may ask of the file system (each path asked is inside a granted folder). */
export interface FsProbe {
  /** `link` for a symbolic link, `missing` when it does not exist (or cannot be read). */
  kind(path: string): 'link' | 'missing' | 'other';
  readlink(path: string): string;
}

export type Walk = { ok: true; path: string } | { ok: false; reached: string };

/** Like the kernel's own limit: a longer chain of links is a loop. */
const MAX_LINKS = 40;

export const within = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

const parts = (path: string) => path.split('/').filter((c) => c !== '');

/**
 * The real path `abs` (absolute, as the caller wrote it, `..` and all) leads to, or where the
 * walk left the granted folders. `followLast` is false for calls that act on a link itself
 * (lstat, unlink, rename, ...). The roots are real paths, so a folder above one is itself a
 * real folder and is crossed without asking the file system.
 */
export function walkGranted(
  abs: string,
  roots: readonly string[],
  opts: { followLast: boolean; probe: FsProbe },
): Walk {
  const pending = parts(abs);
  let current = '/';
  let links = 0;
  let missing = false;
  while (pending.length > 0) {
    const c = pending.shift()!;
    if (c === '.') continue;
    if (c === '..') {
      current = dirname(current);
      continue;
    }
    const next = current === '/' ? `/${c}` : `${current}/${c}`;
    if (missing || roots.some((r) => within(next, r) && next !== r)) {
      current = next; // Nothing past a missing folder; a folder above a root is real.
      continue;
    }
    if (!roots.some((r) => within(r, next))) return { ok: false, reached: next };
    const kind = opts.probe.kind(next);
    if (kind === 'link' && (pending.length > 0 || opts.followLast)) {
      if (++links > MAX_LINKS) return { ok: false, reached: next };
      const target = opts.probe.readlink(next);
      if (target.startsWith('/')) current = '/';
      pending.unshift(...parts(target));
      continue;
    }
    if (kind === 'missing') missing = true;
    current = next;
  }
  return roots.some((r) => within(r, current))
    ? { ok: true, path: current }
    : { ok: false, reached: current };
}
