// InstallState on Postgres: the lockfile as rows of
// `openclaw_install_lock`, every change also appended to `openclaw_install_events`, and
// announced with NOTIFY in the same transaction (Postgres delivers it on commit, so nobody
// hears of a change that is not there, and a change is never half written).
//
// The feed is one connection of its own that LISTENs. When it drops (the database restarts,
// the network goes), it reconnects with backoff, LISTENs again and reports a change, so the
// host reconciles with the table: whatever it missed while away is caught up.
import type pg from 'pg';
import type { InstallChange, InstallFeed, InstallState } from '../install/state.js';
import type { LockEntry, LockFile } from '../install/types.js';
import { backoffMs } from '../auth/retry.js';
import { isUnreachable, safeUrl, unavailable, type Database } from './connect.js';

export const INSTALL_CHANNEL = 'openclaw_install';

export interface FeedEvents {
  /** The feed's connection dropped; it is reconnecting. */
  onLost?(error: Error): void;
  /** The feed is listening again (after a loss). */
  onBack?(): void;
}

export function createPostgresInstallState(
  db: Database,
  opts: { origin: string } & FeedEvents,
): InstallState {
  return {
    kind: 'postgres',
    where: `the shared store (${safeUrl(db.url)})`,
    async read(): Promise<LockFile> {
      const { rows } = await db.query<{ name: string; entry: LockEntry }>(
        'SELECT name, entry FROM openclaw_install_lock ORDER BY name',
      );
      const skills: Record<string, LockEntry> = {};
      for (const r of rows) skills[r.name] = r.entry;
      return { lockfileVersion: 1, skills };
    },
    async check() {
      await db.query('SELECT 1');
    },
    async record(change: InstallChange) {
      const client = await db.pool.connect().catch((e: unknown) => {
        throw isUnreachable(e) ? unavailable(db.url, e) : e;
      });
      try {
        await client.query('BEGIN');
        if (change.entry) {
          await client.query(
            `INSERT INTO openclaw_install_lock (name, entry, updated_at) VALUES ($1, $2, now())
             ON CONFLICT (name) DO UPDATE SET entry = EXCLUDED.entry, updated_at = now()`,
            [change.name, JSON.stringify(change.entry)],
          );
        } else {
          await client.query('DELETE FROM openclaw_install_lock WHERE name = $1', [change.name]);
        }
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO openclaw_install_events (name, action, entry, origin) VALUES ($1, $2, $3, $4)
           RETURNING id`,
          [
            change.name,
            change.action,
            change.entry ? JSON.stringify(change.entry) : null,
            opts.origin,
          ],
        );
        await client.query('SELECT pg_notify($1, $2)', [INSTALL_CHANNEL, rows[0]!.id]);
        await client.query('COMMIT');
        client.release();
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release(e instanceof Error ? e : true);
        throw isUnreachable(e) ? unavailable(db.url, e) : e;
      }
    },
    subscribe: (onChange) => listen(db, onChange, opts),
  };
}

async function listen(
  db: Database,
  onChange: () => void,
  events: FeedEvents,
): Promise<InstallFeed> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const c = db.client();
    // Both fire on a lost connection; `lost` runs once per client.
    let gone = false;
    const lost = (e?: Error) => {
      if (gone) return;
      gone = true;
      c.removeAllListeners('notification');
      if (closed) return;
      client = undefined;
      events.onLost?.(e ?? new Error('the feed connection ended'));
      reconnect(0);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === INSTALL_CHANNEL) onChange();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${INSTALL_CHANNEL}`);
    } catch (e) {
      gone = true;
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw isUnreachable(e) ? unavailable(db.url, e) : e;
    }
    return c;
  };

  const reconnect = (attempt: number) => {
    if (closed) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        connect().then(
          (c) => {
            if (closed) {
              void c.end().catch(() => undefined);
              return;
            }
            client = c;
            events.onBack?.();
            onChange(); // catch up with what changed while the feed was away
          },
          () => reconnect(attempt + 1),
        );
      },
      backoffMs(attempt, { baseMs: 100, maxMs: 2_000 }),
    );
  };

  client = await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
