// The last N lines of the audit log, read from the end of the file so a long log costs no
// more than the lines asked for.
import { open } from 'node:fs/promises';

const CHUNK = 64 * 1024;
export const MAX_TAIL = 1000;

/** Parsed audit lines, oldest first; a line that is not JSON (a torn write) is skipped. */
export async function auditTail(file: string, n: number): Promise<unknown[]> {
  if (n <= 0) return [];
  let fh;
  try {
    fh = await open(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  try {
    const { size } = await fh.stat();
    let pos = size;
    let newlines = 0;
    const chunks: Buffer[] = [];
    // n + 1 newlines guarantee n whole lines (the file ends with a newline). Bytes are joined
    // before decoding so a character cut by a chunk edge stays whole.
    while (pos > 0 && newlines <= n) {
      const len = Math.min(CHUNK, pos);
      pos -= len;
      const buf = Buffer.alloc(len);
      await fh.read(buf, 0, len, pos);
      chunks.unshift(buf);
      newlines += countNewlines(buf);
    }
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    // Without reaching the start, the first piece may be a partial line.
    if (pos > 0) lines.shift();
    const out: unknown[] = [];
    for (const line of lines.slice(-n)) {
      try {
        out.push(JSON.parse(line));
      } catch {
        // a line being written right now, or damaged: not an entry
      }
    }
    return out;
  } finally {
    await fh.close();
  }
}

function countNewlines(buf: Buffer): number {
  let c = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) c++;
  return c;
}
