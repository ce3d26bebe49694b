import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser } from './auth.fixtures.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };

describe('refresh single flight', () => {
  it('1,000 concurrent getAccessToken calls on an expired grant make exactly one token request, all get its token', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.setTokenLifetime(1); // expired at once: inside the 60 s skew
    await loginByBrowser(s.manager, s.server);
    s.server.setTokenLifetime(3600);
    const before = s.server.count();
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => s.manager.token(want)));
    expect(s.server.count() - before).toBe(1);
    expect(s.server.count('refresh_token')).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    // And the next call is served from the cache.
    await s.manager.token(want);
    expect(s.server.count() - before).toBe(1);
  });

  it('a rotated refresh token is stored before the new access token is handed out and is the one used next', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.setTokenLifetime(1);
    await loginByBrowser(s.manager, s.server);
    await s.manager.token(want);
    const first = s.server.tokenRequests.filter((r) => r.grantType === 'refresh_token');
    const stored = JSON.parse(
      (await s.vault.getPassword(s.manager.service, 'mail/google/johndoe'))!,
    ) as {
      refreshToken: string;
    };
    expect(stored.refreshToken).not.toBe(first[0]!.params.get('refresh_token'));
    await s.manager.token({ ...want, scopes: ['gmail.send'] });
    const second = s.server.tokenRequests.filter((r) => r.grantType === 'refresh_token');
    expect(second[1]!.params.get('refresh_token')).toBe(stored.refreshToken);
  });
});
