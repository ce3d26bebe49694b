// The shared store's schema, as numbered migrations applied in order on start. Each runs in
// its own transaction and is recorded in `openclaw_migrations`, so applying twice changes
// nothing; a session-level advisory lock around the whole run makes hosts that start at the
// same moment take turns (the second finds everything applied). Migrations are only ever
// added, never edited.
import type { Database } from './connect.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'grants and encrypted secrets',
    sql: `
      CREATE TABLE openclaw_grants (
        id text PRIMARY KEY,
        skill text NOT NULL,
        provider text NOT NULL,
        grant_data jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX openclaw_grants_skill ON openclaw_grants (skill, provider);
      -- Token and key material: AES-256-GCM, never plaintext (pg/cipher.ts).
      CREATE TABLE openclaw_secrets (
        service text NOT NULL,
        account text NOT NULL,
        key_id text NOT NULL,
        iv bytea NOT NULL,
        tag bytea NOT NULL,
        sealed bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (service, account)
      );`,
  },
  {
    version: 2,
    name: 'installed skills and their change feed',
    sql: `
      -- The lockfile: one row per installed skill (the entry of skills.lock.json).
      CREATE TABLE openclaw_install_lock (
        name text PRIMARY KEY,
        entry jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Every install, update, remove and rollback, in order; NOTIFY carries the id.
      CREATE TABLE openclaw_install_events (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        action text NOT NULL,
        entry jsonb,
        origin text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    version: 3,
    name: 'audit lines',
    sql: `
      CREATE TABLE openclaw_audit (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        host text NOT NULL,
        line jsonb NOT NULL
      );
      CREATE INDEX openclaw_audit_at ON openclaw_audit (at);`,
  },
  {
    version: 4,
    name: 'package bytes, change order and follow status',
    sql: `
      -- Which change wrote a lockfile row, and where: a host recording a change checks that
      -- the row is still the one it started from (event ids never repeat, unlike versions).
      ALTER TABLE openclaw_install_lock ADD COLUMN event_id bigint;
      ALTER TABLE openclaw_install_lock ADD COLUMN origin text;
      -- The exact tarball each installed version was installed from, so every host installs
      -- the same bytes whatever the source was (registry, tarball file, folder).
      CREATE TABLE openclaw_install_packages (
        name text NOT NULL,
        integrity text NOT NULL,
        version text NOT NULL,
        bytes bytea NOT NULL,
        size integer NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, integrity)
      );
      -- Hosts that cannot follow the shared lockfile right now, and why (doctor reads it).
      CREATE TABLE openclaw_install_follow (
        origin text PRIMARY KEY,
        skill text,
        version text,
        error text NOT NULL,
        attempts integer NOT NULL,
        next_at timestamptz,
        since timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

/** Any constant both sides agree on: the key of the migration lock. */
const MIGRATION_LOCK = 7_301_955_402;

/** Applies the migrations not applied yet; returns the versions this call applied. */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  const client = await db.pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS openclaw_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set(
        (
          await client.query<{ version: number }>('SELECT version FROM openclaw_migrations')
        ).rows.map((r) => r.version),
      );
      for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO openclaw_migrations (version, name) VALUES ($1, $2)', [
            m.version,
            m.name,
          ]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw e;
        }
        applied.push(m.version);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
  return applied;
}
