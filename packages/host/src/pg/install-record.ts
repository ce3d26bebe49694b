// Recording one change to the shared lockfile, in one transaction: the lockfile row, the
// event row, the package's bytes, pruning old bytes, and the NOTIFY (delivered on commit, so
// nobody hears of a change that is not there).
//
// Two hosts changing one skill at once are serialized: the transaction takes an advisory
// lock on the skill's name, then compares the row's `event_id` with the one this host saw
// when its operation began. Another host's change in between refuses this one, naming that
// change; nothing is written, and this host's feed then brings it the other change.
import { SkillError } from '@openclaw/skill-sdk';
import type pg from 'pg';
import type { InstallChange } from '../install/state.js';
import type { LockEntry } from '../install/types.js';
import { isUnreachable, unavailable, type Database } from './connect.js';

export const INSTALL_CHANNEL = 'openclaw_install';
/** The first key of the per-skill advisory lock (the second is the name's hash). */
const SKILL_LOCK_SPACE = 730_196;

export interface RecordOptions {
  /** This host's name in the event rows. */
  origin: string;
  /** The row ids (`event_id`) this host's operation started from; undefined: no check. */
  base: ReadonlyMap<string, string> | undefined;
  /** The package's exact bytes, when the store does not hold them yet. */
  bytes: Uint8Array | undefined;
  /** Versions of one skill whose bytes are kept besides the current one. */
  keepPrevious: number;
}

/** Runs `fn` in a transaction on one pooled client; unreachable means STORE_UNAVAILABLE. */
export async function inTransaction<T>(
  db: Database,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.pool.connect().catch((e: unknown) => {
    throw isUnreachable(e) ? unavailable(db.url, e) : e;
  });
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(e instanceof Error ? e : true);
    throw isUnreachable(e) ? unavailable(db.url, e) : e;
  }
}

/** True when the store holds the bytes of this exact package already. */
export async function hasPackage(db: Database, entry: LockEntry): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM openclaw_install_packages WHERE name = $1 AND integrity = $2',
    [entry.name, entry.integrity],
  );
  return rows.length > 0;
}

/** Records `change`; returns the new event id. */
export function recordChange(
  db: Database,
  change: InstallChange,
  opts: RecordOptions,
): Promise<string> {
  return inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      SKILL_LOCK_SPACE,
      change.name,
    ]);
    await checkUnchanged(client, change.name, opts.base);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO openclaw_install_events (name, action, entry, origin) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [change.name, change.action, change.entry ? JSON.stringify(change.entry) : null, opts.origin],
    );
    const id = rows[0]!.id;
    if (change.entry) {
      await client.query(
        `INSERT INTO openclaw_install_lock (name, entry, event_id, origin, updated_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (name) DO UPDATE SET entry = EXCLUDED.entry, event_id = EXCLUDED.event_id,
           origin = EXCLUDED.origin, updated_at = now()`,
        [change.name, JSON.stringify(change.entry), id, opts.origin],
      );
      await keepPackage(client, change.entry, opts);
    } else {
      await client.query('DELETE FROM openclaw_install_lock WHERE name = $1', [change.name]);
      await client.query('DELETE FROM openclaw_install_packages WHERE name = $1', [change.name]);
    }
    await client.query('SELECT pg_notify($1, $2)', [INSTALL_CHANNEL, id]);
    return id;
  });
}

/** Stores (or marks as current) the entry's bytes and drops all but the newest versions. */
async function keepPackage(
  client: pg.PoolClient,
  entry: LockEntry,
  opts: RecordOptions,
): Promise<void> {
  if (opts.bytes) {
    await client.query(
      `INSERT INTO openclaw_install_packages (name, integrity, version, bytes, size)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name, integrity) DO UPDATE SET recorded_at = now()`,
      [entry.name, entry.integrity, entry.version, Buffer.from(opts.bytes), opts.bytes.length],
    );
  } else {
    await client.query(
      'UPDATE openclaw_install_packages SET recorded_at = now() WHERE name = $1 AND integrity = $2',
      [entry.name, entry.integrity],
    );
  }
  // The current version was marked just now (now() is the transaction's start), so it is first.
  await client.query(
    `DELETE FROM openclaw_install_packages WHERE name = $1 AND integrity NOT IN (
       SELECT integrity FROM openclaw_install_packages WHERE name = $1
       ORDER BY recorded_at DESC, integrity = $2 DESC LIMIT $3)`,
    [entry.name, entry.integrity, opts.keepPrevious + 1],
  );
}

/** Throws when another host changed `name` since this host's operation began. */
async function checkUnchanged(
  client: pg.PoolClient,
  name: string,
  base: ReadonlyMap<string, string> | undefined,
): Promise<void> {
  if (!base) return;
  const { rows } = await client.query<{ event_id: string | null }>(
    'SELECT event_id FROM openclaw_install_lock WHERE name = $1',
    [name],
  );
  const now = rows[0] ? String(rows[0].event_id ?? '') : undefined;
  if (now === base.get(name)) return;
  const last = await client.query<{ action: string; origin: string; version: string | null }>(
    `SELECT action, origin, entry->>'version' AS version FROM openclaw_install_events
     WHERE name = $1 ORDER BY id DESC LIMIT 1`,
    [name],
  );
  throw changedMeanwhile(name, last.rows[0]);
}

function changedMeanwhile(
  name: string,
  last: { action: string; origin: string; version: string | null } | undefined,
): SkillError {
  const who = last ? `another host (${last.origin})` : 'another host';
  const what =
    last?.action === 'remove' || !last?.version
      ? `was removed by ${who}`
      : `was changed by ${who} to ${last.version}`;
  // No closing period: the installer quotes it in parentheses inside its own sentence.
  return new SkillError(
    'INSTALL_FAILED',
    `${name} ${what} while this host was making its change; this change was not recorded, and this host follows the other one`,
    {
      hint: `Check the shared state with \`openclaw-skill list\`, then run the command again to apply your change on top of it.`,
    },
  );
}
