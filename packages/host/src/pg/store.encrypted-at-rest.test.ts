// Encryption at rest: after logins, refreshes and an API key, every row of every table of the
// shared store is read back as text and holds no access token, refresh token, id token,
// client secret or key in plaintext, while the hosts still get their tokens through the vault.
// Rows moved between accounts do not decrypt, and a host without the key refuses to start.
import { internalAuth } from '../assemble/internal-auth.js';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { mailRecord } from '../auth/auth.fixtures.js';
import { KEY_ENV } from './cipher.js';
import {
  dbName,
  hostOnFreshHome,
  newKey,
  sharedConfig,
  sharedStoreSuite,
  startFailure,
} from './pg.fixtures.js';

const suite = sharedStoreSuite('shared store encryption');
const { skip } = suite;

const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };

const hostOn = (url: string, key: string) =>
  hostOnFreshHome({ config: sharedConfig(url, suite.oauth), env: { [KEY_ENV]: key } });

/** Every row of every table in the public schema, as JSON text. */
async function everyRow(url: string): Promise<{ table: string; text: string }[]> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    const tables = (
      await c.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      )
    ).rows.map((r) => r.table_name);
    const out: { table: string; text: string }[] = [];
    for (const t of tables) {
      const rows = await c.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t}" x`);
      for (const r of rows.rows) out.push({ table: t, text: r.j });
    }
    return out;
  } finally {
    await c.end();
  }
}

describe.skipIf(skip)('secrets in the shared store', () => {
  it('no table row holds a token, refresh token, client secret or API key in plaintext (or base64), and the hosts still read them', async () => {
    const url = await suite.createDatabase(dbName('rest'));
    const key = newKey();
    const a = await hostOn(url, key);
    const b = await hostOn(url, key);
    try {
      suite.oauth.setTokenLifetime(1);
      await a.auth.login(mailRecord(), {
        key: 'google',
        onUrl: async (u) => void (await suite.oauth.follow(u)),
      });
      suite.oauth.setTokenLifetime(3600);
      const refreshed = await internalAuth(b).token(want); // B refreshes what A stored
      await a.auth.setKey('mail', 'api', 'api-key-value-0123456789');
      expect(await internalAuth(b).getKey('mail', 'api')).toBe('api-key-value-0123456789');
      expect(await internalAuth(a).token(want)).toBe(refreshed);

      const rows = await everyRow(url);
      const tables = new Set(rows.map((r) => r.table));
      expect([...tables].sort()).toEqual(
        expect.arrayContaining(['openclaw_grants', 'openclaw_migrations', 'openclaw_secrets']),
      );
      expect(rows.filter((r) => r.table === 'openclaw_secrets')).toHaveLength(2);
      const secrets = [
        ...suite.oauth.issued,
        'client-secret-value-123',
        'api-key-value-0123456789',
      ].filter((s) => s.length >= 8);
      expect(suite.oauth.issued.length).toBeGreaterThanOrEqual(4);
      const leaks = rows.filter((r) =>
        secrets.some(
          (s) =>
            r.text.includes(s) ||
            r.text.includes(Buffer.from(s).toString('base64')) ||
            r.text.includes(Buffer.from(s).toString('hex')),
        ),
      );
      expect(leaks.map((l) => l.table)).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);

  it('a secret copied onto another row does not decrypt (the row is bound into the ciphertext)', async () => {
    const url = await suite.createDatabase(dbName('aad'));
    const h = await hostOn(url, newKey());
    try {
      await h.auth.setKey('mail', 'one', 'first-secret-value');
      await h.auth.setKey('mail', 'two', 'second-secret-value');
      const c = new pg.Client(url);
      await c.connect();
      await c.query(
        `UPDATE openclaw_secrets t SET iv = s.iv, tag = s.tag, sealed = s.sealed
         FROM openclaw_secrets s WHERE s.account LIKE '%/one' AND t.account LIKE '%/two'`,
      );
      await c.end();
      await expect(internalAuth(h).getKey('mail', 'two')).rejects.toThrow(/did not decrypt/);
      expect(await internalAuth(h).getKey('mail', 'one')).toBe('first-secret-value');
    } finally {
      await h.close();
    }
  }, 60_000);

  it('a host without OPENCLAW_SKILLS_ENCRYPTION_KEY refuses to start with one line naming it', async () => {
    const url = await suite.createDatabase(dbName('nokey'));
    const e = await startFailure(hostOnFreshHome({ config: sharedConfig(url), env: {} }));
    expect(e).toMatchObject({ code: 'CONFIG_INVALID' });
    const message = e.message;
    expect(message).toMatch(/^OPENCLAW_SKILLS_ENCRYPTION_KEY is not set/);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('a host with a different key cannot read what another host stored, and says which key it lacks', async () => {
    const url = await suite.createDatabase(dbName('wrongkey'));
    const a = await hostOn(url, newKey());
    const b = await hostOn(url, newKey());
    try {
      await a.auth.setKey('mail', 'api', 'api-key-value-0123456789');
      const e = await internalAuth(b)
        .getKey('mail', 'api')
        .catch((x: Error) => x);
      expect(e).toMatchObject({ code: 'CONFIG_INVALID' });
      expect((e as Error).message).toMatch(
        /encrypted under key [0-9a-f]{16}, which this host does not have/,
      );
      expect((e as Error).message).not.toContain('api-key-value');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
