import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, googleAt, loginByBrowser } from './auth.fixtures.js';
import { startOAuthServer } from '@openclaw/test-utils/oauth-server';
import { createFileVault } from './vault-file.js';
import { tempDir } from '../testing/skill-folders.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A separate process with its own auth manager on the same home (file vault + grant index). */
function child(home: string, config: unknown) {
  const managerModule = pathToFileURL(join(import.meta.dirname, 'manager.ts')).href;
  const script = `
    const { createAuthManager } = await import(${JSON.stringify(managerModule)});
    const m = createAuthManager({ home: ${JSON.stringify(home)}, config: () => (${JSON.stringify(config)}),
      configFile: 'config.json', env: {}, retry: { baseMs: 5 }, warn: () => {} });
    console.log('ready');
    await new Promise((r) => process.stdin.once('data', r));
    const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };
    const tokens = await Promise.all(Array.from({ length: 100 }, () => m.token(want)));
    console.log(JSON.stringify([...new Set(tokens)].length));
  `;
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const p = spawn(
    process.execPath,
    ['--import', pathToFileURL(tsx).href, '--input-type=module', '-e', script],
    // The test says "go" on stdin once both are ready; HOME is the test's, never the real one.
    { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, HOME: home } },
  );
  let out = '';
  let err = '';
  p.stdout.on('data', (d) => (out += String(d)));
  p.stderr.on('data', (d) => (err += String(d)));
  const ready = new Promise<void>((resolve) =>
    p.stdout.on('data', () => out.includes('ready') && resolve()),
  );
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    p.on('exit', (code) => resolve({ code, out, err })),
  );
  return { ready, done, go: () => p.stdin.end('go\n') };
}

describe('refresh across processes', () => {
  it('two processes refreshing the same expired grant at once make exactly one token request', async () => {
    const oauth = await startOAuthServer();
    server = oauth;
    const home = await tempDir();
    const config = {
      ...googleAt(oauth),
      auth: { ...googleAt(oauth).auth, store: 'file' as const },
    };
    const s = await authSetup({ home, config, vault: createFileVault(join(home, 'secrets')) });
    await s.server.stop(); // authSetup starts its own server; this test uses `oauth`
    oauth.setTokenLifetime(1);
    const manager = s.manager;
    await loginByBrowser(manager, oauth);
    oauth.setTokenLifetime(3600);
    const before = oauth.count();
    const a = child(home, config);
    const b = child(home, config);
    await Promise.all([a.ready, b.ready]);
    a.go();
    b.go();
    const results = await Promise.all([a.done, b.done]);
    for (const r of results) {
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out.trim().split('\n').at(-1)).toBe('1');
    }
    expect(oauth.count() - before).toBe(1);
    expect(oauth.count('refresh_token')).toBe(1);
  }, 60_000);
});
