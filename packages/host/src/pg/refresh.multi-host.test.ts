// Refresh single-flight across hosts: eight host processes share one Postgres; each asks for
// the token of one expired grant with a thousand callers at once. The advisory lock per grant
// and the re-read inside it mean one host spends the refresh token and the others use what it
// stored. Children print token hashes, never tokens.
import { internalAuth } from '../assemble/internal-auth.js';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailRecord } from '../auth/auth.fixtures.js';
import type { SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { KEY_ENV } from './cipher.js';
import {
  childHost,
  dbName,
  hostOnFreshHome,
  newKey,
  sharedConfig,
  sharedStoreSuite,
} from './pg.fixtures.js';

/** The child hosts import the internal auth view from source, as they import the host. */
const internalAuthModule = new URL('../assemble/internal-auth.ts', import.meta.url).href;

const suite = sharedStoreSuite('shared store refresh');
const { skip } = suite;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe.skipIf(skip)('refresh across hosts sharing Postgres', () => {
  it('8 host processes x 1,000 callers on one expired grant make exactly one token request, and every caller gets that valid token', async () => {
    const url = await suite.createDatabase(dbName('refresh'));
    const config = sharedConfig(url, suite.oauth);
    const env = { OPENCLAW_SKILLS_ENCRYPTION_KEY: newKey() };
    const host = await hostOnFreshHome({ config, env });
    suite.oauth.setTokenLifetime(1); // inside the 60 s skew: expired for every host
    await host.auth.login(mailRecord(), {
      key: 'google',
      onUrl: async (u) => void (await suite.oauth.follow(u)),
    });
    await host.close();
    suite.oauth.setTokenLifetime(3600);
    const before = suite.oauth.count();
    const issuedBefore = suite.oauth.issued.length;

    const hosts = await Promise.all(
      Array.from({ length: 8 }, async () =>
        childHost({
          home: await tempDir(),
          config,
          env,
          body: `
            const { createHash } = await import('node:crypto');
            const { internalAuth } = await import(${JSON.stringify(internalAuthModule)});
            await next();
            const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };
            const tokens = await Promise.all(Array.from({ length: 1000 }, () => internalAuth(host).token(want)));
            const valid = tokens.filter((t) => {
              const exp = JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).exp;
              return exp * 1000 > Date.now();
            }).length;
            const hashes = [...new Set(tokens.map((t) => createHash('sha256').update(t).digest('hex')))];
            console.log(JSON.stringify({ count: tokens.length, valid, hashes }));
          `,
        }),
      ),
    );
    await Promise.all(hosts.map((h) => h.ready));
    for (const h of hosts) h.send('go');
    const results = await Promise.all(hosts.map((h) => h.done));

    expect(suite.oauth.count() - before).toBe(1);
    expect(suite.oauth.tokenRequests.at(-1)!.grantType).toBe('refresh_token');
    const refreshed = suite.oauth.issued[issuedBefore]!; // the refresh response's access_token
    for (const r of results) {
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const report = JSON.parse(r.out.trim().split('\n').at(-1)!) as {
        count: number;
        valid: number;
        hashes: string[];
      };
      expect(report).toEqual({ count: 1000, valid: 1000, hashes: [sha(refreshed)] });
    }
  }, 240_000);

  const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };
  async function hosts(n: number) {
    const url = await suite.createDatabase(dbName('hosts'));
    const env = { [KEY_ENV]: newKey() };
    return Promise.all(
      Array.from({ length: n }, () =>
        hostOnFreshHome({
          config: sharedConfig(url, suite.oauth),
          env,
          auth: { retry: { baseMs: 5 } },
        }),
      ),
    );
  }
  const login = async (h: SkillHost) => {
    suite.oauth.setTokenLifetime(1);
    await h.auth.login(mailRecord(), {
      key: 'google',
      onUrl: async (u) => void (await suite.oauth.follow(u)),
    });
    suite.oauth.setTokenLifetime(3600);
  };

  it('the refresh token a host received (rotated) is the one the next host spends', async () => {
    const [a, b, c] = await hosts(3);
    try {
      await login(a!);
      const issued = suite.oauth.issued.length;
      await internalAuth(b!).token(want); // B refreshes; the server rotates the refresh token
      const rotated = suite.oauth.issued[issued + 1]!; // access, refresh, id of that response
      expect(suite.oauth.tokenRequests.at(-1)!.grantType).toBe('refresh_token');
      // C has never seen a token; the API rejects B's, so C must refresh with what B stored.
      const token = await internalAuth(b!).token(want);
      await internalAuth(c!).token({ ...want, rejected: token });
      expect(suite.oauth.tokenRequests.at(-1)!.params.get('refresh_token') === rotated).toBe(true);
    } finally {
      await Promise.all([a, b, c].map((h) => h!.close()));
    }
  }, 60_000);

  it('invalid_grant on one host marks the grant needs-login for every host, without another token request', async () => {
    const [a, b] = await hosts(2);
    try {
      await login(a!);
      suite.oauth.failNext({ status: 400, body: JSON.stringify({ error: 'invalid_grant' }) });
      await expect(internalAuth(a!).token(want)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
      const requests = suite.oauth.count();
      const e = await internalAuth(b!)
        .token(want)
        .catch((x: unknown) => x);
      expect(e).toMatchObject({
        code: 'AUTH_REQUIRED',
        hint: 'Run: openclaw-skill auth login mail',
      });
      expect(suite.oauth.count()).toBe(requests);
      expect((await b!.auth.list({ skill: 'mail' })).map((g) => g.state)).toEqual(['needs-login']);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  }, 60_000);
});
