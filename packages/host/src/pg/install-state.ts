// InstallState on Postgres: the lockfile as rows of `openclaw_install_lock`, every change
// also appended to `openclaw_install_events`, the package's exact bytes kept in
// `openclaw_install_packages`, and announced with NOTIFY, all in one transaction
// (pg/install-record.ts).
//
// The feed is one connection of its own that LISTENs. When it drops (the database restarts,
// the network goes), it reconnects with backoff, LISTENs again and reports a change, so the
// host reconciles with the table: whatever it missed while away is caught up.
import type pg from 'pg';
import type { InstallChange, InstallFeed, InstallState } from '../install/state.js';
import type { LockEntry, LockFile } from '../install/types.js';
import { backoffMs } from '../auth/retry.js';
import { isUnreachable, safeUrl, unavailable, type Database } from './connect.js';
import { writeFollowStatus } from './install-follow.js';
import { hasPackage, INSTALL_CHANNEL, recordChange } from './install-record.js';

export { INSTALL_CHANNEL } from './install-record.js';

export interface FeedEvents {
  /** The feed's connection dropped; it is reconnecting. */
  onLost?(error: Error): void;
  /** The feed is listening again (after a loss). */
  onBack?(): void;
}

export interface PostgresInstallStateOptions extends FeedEvents {
  /** This host's name in the event rows. */
  origin: string;
  /**
   * Reads the exact tarball an entry this host just installed came from; stored with the
   * change so every other host installs the same bytes. Without it only the entry is stored.
   */
  packageBytes?(entry: LockEntry): Promise<Uint8Array>;
  /** Versions of one skill whose bytes are kept besides the current one (default 2). */
  keepPrevious?: number;
}

export function createPostgresInstallState(
  db: Database,
  opts: PostgresInstallStateOptions,
): InstallState {
  // What the lockfile said when this host's current operation began (name -> event id).
  let base: Map<string, string> | undefined;
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
    async begin() {
      const { rows } = await db.query<{ name: string; event_id: string | null }>(
        'SELECT name, event_id FROM openclaw_install_lock',
      );
      base = new Map(rows.map((r) => [r.name, String(r.event_id ?? '')]));
    },
    async record(change) {
      const bytes = await bytesToStore(db, change, opts);
      const id = await recordChange(db, change, {
        origin: opts.origin,
        base,
        bytes,
        keepPrevious: opts.keepPrevious ?? 2,
      });
      // The next change this operation records (update of several skills) builds on this one.
      if (change.entry) base?.set(change.name, id);
      else base?.delete(change.name);
    },
    async readPackage(entry) {
      const { rows } = await db.query<{ bytes: Buffer }>(
        'SELECT bytes FROM openclaw_install_packages WHERE name = $1 AND integrity = $2',
        [entry.name, entry.integrity],
      );
      return rows[0]?.bytes;
    },
    reportFollow: (status) => writeFollowStatus(db, opts.origin, status),
    subscribe: (onChange) => listen(db, onChange, opts),
  };
}

/**
 * The bytes to store with `change`, when the store lacks them. An install or update that
 * cannot produce them (its tarball or folder changed since) is refused; a rollback to a
 * version recorded before the store kept bytes is recorded without them, as it was before.
 */
async function bytesToStore(
  db: Database,
  change: InstallChange,
  opts: PostgresInstallStateOptions,
): Promise<Uint8Array | undefined> {
  if (!change.entry || !opts.packageBytes || (await hasPackage(db, change.entry))) return undefined;
  try {
    return await opts.packageBytes(change.entry);
  } catch (e) {
    if (change.action === 'rollback') return undefined;
    throw e;
  }
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
