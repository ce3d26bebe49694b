// The shared database lost mid-run and back: while it is down, calls that need no database
// keep working, a token the host holds is served, an install is refused before anything
// changes, and a refresh waits (retrying with backoff); when it is back the refresh completes
// with one token request, the hosts resubscribe to the install feed, and the next install on
// A reaches B. Nothing is lost or half written.
import { internalAuth } from '@openclaw/skill-host/internal';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { HostConfig, SkillHost } from '@openclaw/skill-host';
import { startOAuthServer, type OAuthTestServer } from './support/oauth-server.js';
import { skipWithoutPostgres, startPostgres, type TestPostgres } from './support/postgres.js';
import {
  newEncryptionKey,
  nextInstall,
  nextStoreState,
  sharedHost,
  versionOf,
  type SharedSetup,
} from './support/shared-hosts.js';
import { writeSkillPackage } from './support/skill-packages.js';
import { startRegistry, type TestRegistry } from './support/verdaccio.js';

const skip = skipWithoutPostgres('shared store restart');
let server: TestPostgres;
let registry: TestRegistry;
let oauth: OAuthTestServer;
let setup: SharedSetup;
const hosts: SkillHost[] = [];

beforeAll(async () => {
  if (skip) return;
  [server, registry, oauth] = await Promise.all([
    startPostgres(),
    startRegistry(),
    startOAuthServer(),
  ]);
  for (const version of ['1.0.0', '1.1.0'])
    await registry.publish(await writeSkillPackage({ skill: 'steady', version }));
  setup = {
    url: await server.createDatabase('restart'),
    registryUrl: registry.url,
    env: {
      PATH: process.env.PATH ?? '',
      ...registry.env,
      OPENCLAW_SKILLS_ENCRYPTION_KEY: newEncryptionKey(),
      OPENCLAW_SKILLS_LOG_LEVEL: 'silent',
    },
    tmp: await mkdtemp(join(tmpdir(), 'oc-restart-')),
  };
}, 180_000);

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await Promise.all([server?.stop(), registry?.close(), oauth?.stop()]);
  if (setup) await rm(setup.tmp, { recursive: true, force: true });
});

const providers = (): HostConfig => ({
  auth: {
    providers: {
      google: {
        ...(oauth.providerConfig({ clientSecret: 'restart-secret-77' }) as object),
        preset: 'google',
      },
    },
  },
});

// What `auth login` needs of a skill: its name, its manifest's auth entry and its tools' scopes.
const mail = {
  name: 'mail',
  manifest: {
    manifestVersion: 1,
    name: 'mail',
    auth: { google: { type: 'oauth2', provider: 'google' } },
  },
  tools: [{ name: 'mail.list', auth: { provider: 'google', scopes: ['gmail.readonly'] } }],
} as unknown as Parameters<SkillHost['auth']['login']>[0];
const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };

const rows = async (sql: string) => {
  const c = new pg.Client(setup.url);
  await c.connect();
  try {
    return (await c.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await c.end();
  }
};

describe.skipIf(skip)('the shared database lost mid-run and back', () => {
  it('serves calls and held tokens while down, refuses installs cleanly, finishes the waiting refresh and follows installs again once back', async () => {
    const [a, b] = await Promise.all([
      sharedHost(setup, undefined, providers()),
      sharedHost(setup, undefined, providers()),
    ]);
    hosts.push(a!, b!);
    const installed = nextInstall(b!, (r) => r.name === 'steady');
    await a!.install('oc-skill-steady@1.0.0', { yes: true });
    await installed;
    await b!.auth.login(mail, { key: 'google', onUrl: async (u) => void (await oauth.follow(u)) });
    const held = await internalAuth(b!).token(want);

    const lost = [nextStoreState(a!, 'lost'), nextStoreState(b!, 'lost')];
    await server.kill();
    await Promise.all(lost);

    // Down: calls need no database; the held token is served without a token request.
    const requests = oauth.count();
    const calls = await Promise.all(
      Array.from({ length: 50 }, () => versionOf(b!, 'steady.version')),
    );
    expect(new Set(calls)).toEqual(new Set(['1.0.0']));
    expect(await internalAuth(b!).token(want)).toBe(held);
    expect(oauth.count()).toBe(requests);
    // An install is refused before anything changes; A keeps serving what it had.
    await expect(a!.install('oc-skill-steady@1.1.0', { yes: true })).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
    });
    expect(await versionOf(a!, 'steady.version')).toBe('1.0.0');
    // The API rejected the held token: the refresh waits for the database, retrying.
    let settled = false;
    const refreshing = internalAuth(b!)
      .token({ ...want, rejected: held })
      .finally(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);

    const back = [nextStoreState(a!, 'back'), nextStoreState(b!, 'back')];
    await server.start();
    const fresh = await refreshing;
    expect(fresh).not.toBe(held);
    expect(oauth.count() - requests).toBe(1);
    expect(oauth.tokenRequests.at(-1)!.grantType).toBe('refresh_token');
    await Promise.all(back);

    // Nothing half written: the refused install left no row, no event.
    expect(
      await rows("SELECT name, entry->>'version' AS version FROM openclaw_install_lock"),
    ).toEqual([{ name: 'steady', version: '1.0.0' }]);
    expect(await rows('SELECT action FROM openclaw_install_events ORDER BY id')).toEqual([
      { action: 'install' },
    ]);

    // Back: B listens again, so A's next install reaches it.
    const updated = nextInstall(b!, (r) => r.name === 'steady');
    await a!.install('oc-skill-steady@1.1.0', { yes: true });
    expect(await updated).toMatchObject({ action: 'updated', version: '1.1.0' });
    expect(await versionOf(b!, 'steady.version')).toBe('1.1.0');
    // The refreshed token is in the store for every host.
    expect(await internalAuth(a!).token(want)).toBe(fresh);
  }, 180_000);
});
