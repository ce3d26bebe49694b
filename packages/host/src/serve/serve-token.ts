// The bearer token of `/mcp` and `/api`, kept in `<home>/serve-token` (0600) across restarts:
// serve takes a fixed port by default so that a client config pasted once keeps working, and
// that config carries the token. A token file anyone else could have read or written (not a
// regular file of ours, group or world bits set, not a token) is replaced, never trusted.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `<home>/serve-token`. */
export const serveTokenPath = (home: string): string => join(home, 'serve-token');

export interface ServeToken {
  token: string;
  /** Why a new token was made: `new` (none yet), `rotated` (asked for), or what was wrong. */
  made?: 'new' | 'rotated' | 'unsafe' | 'invalid';
}

/** Reads the kept token, or makes (and keeps) a new one; `rotate` always makes one. */
export async function serveToken(file: string, rotate = false): Promise<ServeToken> {
  const kept = rotate ? { made: 'rotated' as const } : readKept(file);
  if ('token' in kept) return kept;
  const token = randomBytes(32).toString('base64url');
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // write-file-atomic writes through a symlink to its target: a planted link goes first.
  if (kept.made !== 'new') await rm(file, { force: true });
  await writeFileAtomic(file, `${token}\n`, { mode: 0o600 });
  return { token, made: kept.made };
}

function readKept(file: string): { token: string } | { made: 'new' | 'unsafe' | 'invalid' } {
  let fd: number;
  try {
    // No symlink is followed and a FIFO does not block: the file is ours and regular, or unused.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return { made: (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'new' : 'unsafe' };
  }
  try {
    const st = fstatSync(fd);
    const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
    if (!st.isFile() || !mine || (st.mode & 0o077) !== 0) return { made: 'unsafe' };
    if (st.size > 1024) return { made: 'invalid' };
    const text = readFileSync(fd, 'utf8').trim();
    return TOKEN.test(text) ? { token: text } : { made: 'invalid' };
  } finally {
    closeSync(fd);
  }
}
