import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser } from './auth.fixtures.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };

describe('refresh failures', () => {
  it('invalid_grant marks the grant needs-login, keeps its stored tokens, and calls get AUTH_REQUIRED with the login command', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.setTokenLifetime(1);
    await loginByBrowser(s.manager, s.server);
    const stored = await s.vault.getPassword(s.manager.service, 'mail/google/johndoe');
    s.server.failNext({ status: 400, body: JSON.stringify({ error: 'invalid_grant' }) });
    await expect(s.manager.token(want)).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      hint: 'Run: openclaw-skill auth login mail',
    });
    const [grant] = await s.manager.list({ skill: 'mail' });
    expect(grant).toMatchObject({
      state: 'needs-login',
      reason: expect.stringContaining('invalid_grant'),
    });
    expect(await s.vault.getPassword(s.manager.service, 'mail/google/johndoe')).toBe(stored);
    // No second spend of a refused refresh token: the next call fails without a request.
    const n = s.server.count();
    await expect(s.manager.token(want)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(s.server.count()).toBe(n);
    expect(await s.manager.needsLogin((await import('./auth.fixtures.js')).mailRecord())).toEqual([
      expect.objectContaining({ command: 'openclaw-skill auth login mail' }),
    ]);
  });

  it('a 503 then 200 from the token endpoint succeeds after one retry', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.setTokenLifetime(1);
    await loginByBrowser(s.manager, s.server);
    s.server.setTokenLifetime(3600);
    s.server.failNext({ status: 503, body: '<html>unavailable</html>', contentType: 'text/html' });
    const n = s.server.count('refresh_token');
    expect(await s.manager.token(want)).toMatch(/^eyJ/);
    expect(s.server.count('refresh_token') - n).toBe(2);
  });

  it('408, 425 and 429 are retried; a 400 without an OAuth error is not', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.setTokenLifetime(1);
    await loginByBrowser(s.manager, s.server);
    s.server.failNext(
      { status: 408, body: '{}' },
      { status: 425, body: '{}' },
      { status: 429, body: '{}', headers: { 'retry-after': '0' } },
    );
    const n = s.server.count('refresh_token');
    await s.manager.token(want);
    expect(s.server.count('refresh_token') - n).toBe(4);
    s.server.failNext({ status: 400, body: 'nope', contentType: 'text/plain' });
    await expect(s.manager.token({ ...want, scopes: ['gmail.send'] })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
    });
    expect((await s.manager.list())[0]!.state).toBe('active');
  });

  it('a tool scope the grant lacks answers AUTH_REQUIRED naming the scope and the command that adds it', async () => {
    const s = await authSetup();
    server = s.server;
    const { mailRecord, mailManifest } = await import('./auth.fixtures.js');
    const readOnly = { ...mailManifest, tools: mailManifest.tools!.slice(0, 1) };
    await s.manager.login(mailRecord(readOnly), {
      key: 'google',
      onUrl: async (u) => void (await s.server.follow(u)),
    });
    await expect(s.manager.token({ ...want, scopes: ['gmail.send'] })).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringContaining('gmail.send'),
      hint: 'Run: openclaw-skill auth login mail --scopes gmail.send',
    });
    expect(await s.manager.needsLogin(mailRecord())).toEqual([
      {
        key: 'google',
        provider: 'google',
        command: 'openclaw-skill auth login mail',
        missing: ['gmail.send'],
      },
    ]);
  });
});
