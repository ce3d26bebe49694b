import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser, mailRecord } from './auth.fixtures.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('authorization code + PKCE through the loopback redirect', () => {
  it('the authorize URL carries S256 PKCE, state, a 127.0.0.1 random-port redirect, the preset params and the real scope URLs; the code exchange sends the verifier', async () => {
    const s = await authSetup();
    server = s.server;
    const { grant, url } = await loginByBrowser(s.manager, s.server);
    const q = url.searchParams;
    expect(url.origin + url.pathname).toBe(s.server.authorizeUrl);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toMatch(/^[\w-]{16,}$/);
    expect(q.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('scope')!.split(' ').sort()).toEqual([
      'email',
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.send',
      'openid',
    ]);
    const exchange = s.server.tokenRequests.find((r) => r.grantType === 'authorization_code')!;
    const verifier = exchange.params.get('code_verifier')!;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));
    expect(exchange.params.get('redirect_uri')).toBe(q.get('redirect_uri'));
    expect(grant).toMatchObject({
      skill: 'mail',
      provider: 'google',
      account: 'johndoe',
      scopes: ['gmail.readonly', 'gmail.send'],
      state: 'active',
      flow: 'code',
    });
    expect(await s.manager.list({ skill: 'mail' })).toEqual([grant]);
  });

  it('a callback with a wrong state fails with one line and stores nothing', async () => {
    const s = await authSetup();
    server = s.server;
    const login = s.manager.login(mailRecord(), {
      key: 'google',
      onUrl: async (url) => {
        const page = await s.server.follow(url, (cb) => cb.searchParams.set('state', 'forged'));
        expect(page.status).toBe(400);
      },
    });
    await expect(login).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('wrong "state"'),
    });
    expect(s.server.count('authorization_code')).toBe(0);
    expect(await s.manager.list()).toEqual([]);
  });

  it('an error redirect (access_denied) fails naming the error and stores nothing', async () => {
    const s = await authSetup();
    server = s.server;
    const login = s.manager.login(mailRecord(), {
      key: 'google',
      onUrl: async (url) => {
        await s.server.follow(url, (cb) => {
          cb.searchParams.delete('code');
          cb.searchParams.set('error', 'access_denied');
        });
      },
    });
    await expect(login).rejects.toMatchObject({
      message: expect.stringContaining('access_denied'),
    });
    expect(await s.manager.list()).toEqual([]);
  });

  it('no callback within the timeout fails with one line and closes the loopback port', async () => {
    const s = await authSetup();
    server = s.server;
    let redirect = '';
    const login = s.manager.login(mailRecord(), {
      key: 'google',
      timeoutMs: 50,
      onUrl: (url) => void (redirect = new URL(url).searchParams.get('redirect_uri')!),
    });
    await expect(login).rejects.toMatchObject({
      message: expect.stringContaining('No login answer'),
    });
    await expect(fetch(redirect)).rejects.toThrow();
    expect(await s.manager.list()).toEqual([]);
  });

  it('a token endpoint answering HTML fails naming it and leaves the stored grant as it was', async () => {
    const s = await authSetup();
    server = s.server;
    const { grant } = await loginByBrowser(s.manager, s.server);
    s.server.failNext({ status: 200, body: '<html>oops</html>', contentType: 'text/html' });
    await expect(loginByBrowser(s.manager, s.server)).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('not OAuth JSON'),
    });
    expect(await s.manager.list()).toEqual([grant]);
  });

  it('a token endpoint answering JSON without an access_token fails with one line and stores nothing', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.failNext({ status: 200, body: '{"token_type":"Bearer"}' });
    await expect(loginByBrowser(s.manager, s.server)).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('without an access_token'),
    });
    expect(await s.manager.list()).toEqual([]);
  });
});
