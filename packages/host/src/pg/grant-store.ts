// GrantStore on Postgres: grant metadata in `openclaw_grants` (never a
// token: those are sealed in the vault), and `withLock` as a transaction holding
// `pg_advisory_xact_lock` on the grant, so one host at a time refreshes a grant; the token
// source re-reads the vault inside the lock and uses what an earlier holder stored.
//
// Reads are coalesced (a thousand callers asking at once share one query) and the last rows
// read are kept: while the database is unreachable `get` and `list` answer from them, so a
// host keeps serving the tokens it holds. Writes and taking the lock wait and retry with
// backoff until the database is back (up to `retryMs`).
import type { Grant, GrantStore } from '../auth/grants.js';
import { isUnreachable, retryWhileUnreachable, unavailable, type Database } from './connect.js';

export interface PostgresGrantStoreOptions {
  /** How long writes and the lock wait for an unreachable database (default 30 s). */
  retryMs?: number;
}

export function createPostgresGrantStore(
  db: Database,
  opts: PostgresGrantStoreOptions = {},
): GrantStore {
  const retry = <T>(fn: () => Promise<T>) =>
    retryWhileUnreachable(fn, { ...(opts.retryMs !== undefined && { maxMs: opts.retryMs }) });
  const held = new Map<string, Grant>();
  let heldAll = false;
  let reading: Promise<Grant[]> | undefined;

  const readAll = (): Promise<Grant[]> =>
    (reading ??= db
      .query<{ grant_data: Grant }>('SELECT grant_data FROM openclaw_grants ORDER BY id')
      .then(
        ({ rows }) => {
          const all = rows.map((r) => r.grant_data);
          held.clear();
          for (const g of all) held.set(g.id, g);
          heldAll = true;
          return all;
        },
        (e: unknown) => {
          if (isUnreachable(e) && heldAll) return [...held.values()];
          throw e;
        },
      )
      .finally(() => {
        reading = undefined;
      }));

  return {
    async get(id) {
      try {
        const { rows } = await db.query<{ grant_data: Grant }>(
          'SELECT grant_data FROM openclaw_grants WHERE id = $1',
          [id],
        );
        const g = rows[0]?.grant_data;
        if (g) held.set(id, g);
        else held.delete(id);
        return g && structuredClone(g);
      } catch (e) {
        if (isUnreachable(e) && (heldAll || held.has(id))) {
          const g = held.get(id);
          return g && structuredClone(g);
        }
        throw e;
      }
    },
    async put(grant) {
      await retry(() =>
        db.query(
          `INSERT INTO openclaw_grants (id, skill, provider, grant_data, updated_at)
           VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (id) DO UPDATE SET skill = EXCLUDED.skill, provider = EXCLUDED.provider,
             grant_data = EXCLUDED.grant_data, updated_at = now()`,
          [grant.id, grant.skill, grant.provider, JSON.stringify(grant)],
        ),
      );
      held.set(grant.id, structuredClone(grant));
    },
    async delete(id) {
      await retry(() => db.query('DELETE FROM openclaw_grants WHERE id = $1', [id]));
      held.delete(id);
    },
    async list(filter = {}) {
      const all = await readAll();
      return structuredClone(
        all.filter(
          (g) =>
            (filter.skill === undefined || g.skill === filter.skill) &&
            (filter.provider === undefined || g.provider === filter.provider),
        ),
      );
    },
    async withLock(id, fn) {
      const client = await retry(() => lockedClient(db, id));
      let result;
      try {
        result = await fn();
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release();
        throw e;
      }
      // The lock's transaction holds no writes (they were committed as they happened): a
      // failed COMMIT only means the connection went, and the lock with it.
      await client.query('COMMIT').then(
        () => client.release(),
        (e: unknown) => client.release(e instanceof Error ? e : true),
      );
      return result;
    },
  };
}

/** A pooled connection inside a transaction that holds the grant's advisory lock. */
async function lockedClient(db: Database, id: string) {
  const c = await db.pool.connect().catch((e: unknown) => {
    throw isUnreachable(e) ? unavailable(db.url, e) : e;
  });
  try {
    await c.query('BEGIN');
    // Waits for whichever host holds the grant; released by COMMIT/ROLLBACK (or by the
    // server when this connection dies), never left behind.
    await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`grant:${id}`]);
    return c;
  } catch (e) {
    c.release(e instanceof Error ? e : true);
    throw isUnreachable(e) ? unavailable(db.url, e) : e;
  }
}
