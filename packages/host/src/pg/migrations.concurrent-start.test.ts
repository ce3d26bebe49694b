// Migrations on start: applied once in order however many hosts start at the same moment
// (an advisory lock makes them take turns), a no-op the second time; and the one-line errors
// of a host that cannot reach its database or has no URL for it.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresForSuite } from '@openclaw/test-utils/postgres';
import { KEY_ENV } from './cipher.js';
import { openDatabase } from './connect.js';
import { MIGRATIONS, migrate } from './migrations.js';
import { dbName, hostOnFreshHome, newKey, sharedConfig, startFailure } from './pg.fixtures.js';

const { skip, createDatabase } = postgresForSuite('shared store migrations');

const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe.skipIf(skip)('migrations', () => {
  it('four hosts migrating one empty database at once apply each migration exactly once, in order', async () => {
    const url = await createDatabase(dbName('mig'));
    const dbs = await Promise.all(Array.from({ length: 4 }, () => openDatabase(url)));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      const all = MIGRATIONS.map((m) => m.version);
      expect(applied.filter((a) => a.length > 0)).toEqual([all]);
      expect(applied.flat().sort()).toEqual(all);
      const { rows } = await dbs[0]!.query<{ version: number }>(
        'SELECT version FROM openclaw_migrations ORDER BY applied_at, version',
      );
      expect(rows.map((r) => r.version)).toEqual(all);
      expect(await migrate(dbs[1]!)).toEqual([]);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  }, 60_000);

  it('a failing migration leaves no part of itself behind and is applied again next start', async () => {
    const url = await createDatabase(dbName('migfail'));
    const db = await openDatabase(url);
    try {
      const broken = [{ version: 1, name: 'half', sql: 'CREATE TABLE half (x int); SELECT 1/0;' }];
      await expect(migrate(db, broken)).rejects.toThrow(/division by zero/);
      const c = new pg.Client(url);
      await c.connect();
      const t = await c.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
      await c.end();
      expect(t.rowCount).toBe(0);
      expect(await migrate(db, [{ ...broken[0]!, sql: 'CREATE TABLE half (x int)' }])).toEqual([1]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('a host whose database is unreachable at start fails with one STORE_UNAVAILABLE line, the URL shown without its password', async () => {
    const url = `postgres://skills:pw-not-shown-9876@127.0.0.1:${await closedPort()}/skills`;
    const e = await startFailure(
      hostOnFreshHome({ config: sharedConfig(url), env: { [KEY_ENV]: newKey() } }),
    );
    expect(e).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(e.message).toMatch(
      /^The shared store at postgres:\/\/skills@127\.0\.0\.1:\d+\/skills cannot be reached \(.*ECONNREFUSED.*\)\.$/,
    );
    expect(`${e.message}${e.hint}`).not.toContain('pw-not-shown-9876');
  });

  it('"store": { "type": "postgres" } with no URL anywhere is one CONFIG_INVALID line naming store.url and the env variable', async () => {
    const e = await startFailure(
      hostOnFreshHome({ config: { store: { type: 'postgres' } }, env: { [KEY_ENV]: newKey() } }),
    );
    expect(e).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(e.message).toMatch(/"store\.url" or OPENCLAW_SKILLS_DATABASE_URL/);
  });
});
