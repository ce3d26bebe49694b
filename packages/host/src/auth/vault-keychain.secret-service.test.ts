// The keychain vault against a real Secret Service (gnome-keyring on a private dbus), driven
// from a child process that gets the bus address; and, without a reachable keychain, the one
// line that names the file-store opt-in.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  secretServiceUnavailable,
  startSecretService,
  type SecretService,
} from '@openclaw/test-utils/secret-service';
import { startOAuthServer } from '@openclaw/test-utils/oauth-server';
import { tempDir } from '../testing/skill-folders.js';
import { googleAt, mailManifest } from './auth.fixtures.js';

const unavailable = secretServiceUnavailable();
if (unavailable && process.env.CI === 'true')
  throw new Error(`The keychain suite needs a Secret Service: ${unavailable}.`);
if (unavailable) console.log(`keychain suite skipped: ${unavailable}`);

/** Runs `body` (an async ESM snippet with `vault`, `probe`, `manager`) in a child process. */
function inChild(
  env: NodeJS.ProcessEnv,
  body: string,
): Promise<{ out: unknown; err: string; code: number | null }> {
  const mod = (f: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, f)).href);
  const script = `
    const { keychainVault, napiKeyring, probeKeychain } = await import(${mod('vault-keychain.ts')});
    const { openVault } = await import(${mod('vault-select.ts')});
    const { createAuthManager } = await import(${mod('manager.ts')});
    const result = await (async () => { ${body} })();
    console.log(JSON.stringify(result));
  `;
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const p = spawn(
    process.execPath,
    ['--import', pathToFileURL(tsx).href, '--input-type=module', '-e', script],
    {
      env: { ...env, PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  p.stdout.on('data', (d) => (out += String(d)));
  p.stderr.on('data', (d) => (err += String(d)));
  return new Promise((resolve) =>
    p.on('exit', (code) =>
      resolve({
        out: out.trim() ? (JSON.parse(out.trim().split('\n').at(-1)!) as unknown) : undefined,
        err,
        code,
      }),
    ),
  );
}

describe.skipIf(unavailable !== undefined)('keychain vault on a real Secret Service', () => {
  let service: SecretService;
  beforeAll(async () => {
    service = await startSecretService();
  });
  afterAll(() => service?.stop());

  it('a code + PKCE login stores its tokens in gnome-keyring (not on disk) and a refresh reads and rotates them there', async () => {
    const oauth = await startOAuthServer();
    try {
      const home = await tempDir();
      const config = googleAt(oauth);
      oauth.setTokenLifetime(1);
      const r = await inChild(
        service.env,
        `const config = ${JSON.stringify(config)};
         const manager = createAuthManager({ home: ${JSON.stringify(home)}, config: () => config, configFile: 'c.json', env: {} });
         const record = { name: 'mail', manifest: ${JSON.stringify(mailManifest)}, tools: [{ name: 'mail.list', auth: { provider: 'google', scopes: ['gmail.readonly'] } }] };
         const follow = async (url) => { const a = await fetch(url, { redirect: 'manual' }); await fetch(a.headers.get('location')); };
         const grant = await manager.login(record, { key: 'google', onUrl: follow });
         const before = JSON.parse(await (await manager.vault()).getPassword(manager.service, grant.id));
         const token = await manager.token({ skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] });
         const after = JSON.parse(await (await manager.vault()).getPassword(manager.service, grant.id));
         const kind = (await manager.vault()).kind;
         await manager.logout({ skill: 'mail' });
         const gone = await (await manager.vault()).getPassword(manager.service, grant.id);
         return { kind, account: grant.account, rotated: before.refreshToken !== after.refreshToken, hasToken: token.length > 20, gone };`,
      );
      expect(r.err).toBe('');
      expect(r.out).toEqual({
        kind: 'keychain',
        account: 'johndoe',
        rotated: true,
        hasToken: true,
        gone: null,
      });
      expect(oauth.count('refresh_token')).toBe(1);
      expect(oauth.revocations).toHaveLength(1);
      // Only metadata in the home: no secrets folder, no token in the grant index.
      const files = await readdir(home, { recursive: true });
      expect(files.some((f) => String(f).startsWith('secrets'))).toBe(false);
      const index = await readFile(join(home, 'auth', 'grants.json'), 'utf8');
      for (const t of oauth.issued) expect(index).not.toContain(t);
    } finally {
      await oauth.stop();
    }
  });

  it('set, get, findCredentials and delete round-trip through gnome-keyring; the probe reports it reachable', async () => {
    const r = await inChild(
      service.env,
      `const vault = keychainVault(napiKeyring(), 'keychain');
       const probe = await probeKeychain(vault);
       await vault.setPassword('oc-test', 'mail/google/ana', '{"refreshToken":"r1"}');
       await vault.setPassword('oc-test', 'key:mail/K', 'k1');
       const got = await vault.getPassword('oc-test', 'mail/google/ana');
       const found = (await vault.findCredentials('oc-test')).map((c) => c.account).sort();
       const deleted = await vault.deletePassword('oc-test', 'mail/google/ana');
       const after = await vault.getPassword('oc-test', 'mail/google/ana');
       const again = await vault.deletePassword('oc-test', 'mail/google/ana');
       return { probe, got, found, deleted, after, again };`,
    );
    expect(r.err).toBe('');
    expect(r.out).toEqual({
      probe: { ok: true, kind: 'keychain' },
      got: '{"refreshToken":"r1"}',
      found: ['key:mail/K', 'mail/google/ana'],
      deleted: true,
      after: null,
      again: false,
    });
  });
});

describe.skipIf(process.platform !== 'linux')('without a keychain', () => {
  it('opening the default store fails with one line naming the reason and the file-store opt-in', async () => {
    const r = await inChild(
      { HOME: '/nonexistent', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      `const probe = await probeKeychain();
       try { await openVault({ home: '/h', config: {}, configFile: '/h/config.json' }); return { probe, opened: true }; }
       catch (e) { return { probe, code: e.code, message: e.message }; }`,
    );
    expect(r.err).toBe('');
    const out = r.out as { probe: { ok: boolean; reason: string }; code: string; message: string };
    expect(out.probe.ok).toBe(false);
    expect(out.probe.reason).toMatch(/\S/);
    expect(out.code).toBe('AUTH_FAILED');
    expect(out.message).toMatch(
      /^No OS keychain is reachable.+set "auth": \{ "store": "file" \} in \/h\/config\.json to keep tokens in a 0600 file instead\.$/,
    );
    expect(out.message).not.toContain('\n');
  });
});
