// The audit table sink (`store.auditTable`): ships the lines the router appends to
// `<home>/audit.jsonl` (already redacted, never a token) into `openclaw_audit`, so a team
// reads every host's calls in one place. It follows the file rather than sitting on the hot
// path: calls never wait for the database, and lines written while it is unreachable are
// shipped when it is back (the offset only moves after a committed insert).
import { open, stat } from 'node:fs/promises';
import type { Database } from './connect.js';

export interface AuditShipper {
  /** Ships what is in the file now. */
  ship(): Promise<number>;
  /** Ships the rest and stops. */
  close(): Promise<void>;
}

const MAX_BATCH_BYTES = 1024 * 1024;

export async function shipAuditToTable(
  db: Database,
  file: string,
  origin: string,
  opts: { intervalMs?: number; onError?: (e: unknown) => void } = {},
): Promise<AuditShipper> {
  // Lines already in the file were written by earlier runs (and shipped by them).
  let offset = await stat(file).then(
    (s) => s.size,
    () => 0,
  );
  let running: Promise<number> | undefined;

  const shipNow = async (): Promise<number> => {
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      return 0;
    }
    if (size < offset) offset = 0; // the file was replaced or truncated
    let shipped = 0;
    while (size > offset) {
      const fh = await open(file, 'r');
      let text: string;
      try {
        const len = Math.min(size - offset, MAX_BATCH_BYTES);
        const buf = Buffer.alloc(len);
        await fh.read(buf, 0, len, offset);
        const end = buf.lastIndexOf(0x0a);
        if (end < 0) break; // a line still being written
        text = buf.subarray(0, end + 1).toString('utf8');
      } finally {
        await fh.close();
      }
      const lines = text.split('\n').filter((l) => {
        if (!l.trim()) return false;
        try {
          JSON.parse(l);
          return true;
        } catch {
          return false; // a torn line: the file keeps it, the table cannot
        }
      });
      if (lines.length) {
        await db.query(
          `INSERT INTO openclaw_audit (host, line)
           SELECT $1, x::jsonb FROM unnest($2::text[]) AS x`,
          [origin, lines],
        );
      }
      offset += Buffer.byteLength(text);
      shipped += lines.length;
    }
    return shipped;
  };
  const ship = (): Promise<number> =>
    (running ??= shipNow().finally(() => {
      running = undefined;
    }));

  const timer = setInterval(() => {
    ship().catch((e: unknown) => opts.onError?.(e));
  }, opts.intervalMs ?? 1000);
  timer.unref();
  return {
    ship,
    async close() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await ship().catch((e: unknown) => opts.onError?.(e));
    },
  };
}
