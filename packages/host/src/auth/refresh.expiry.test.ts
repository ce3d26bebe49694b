import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser } from './auth.fixtures.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.stop();
  server = undefined;
});

const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };

describe('refresh ahead of expiry', () => {
  it('1-second tokens are refreshed transparently across calls: each call past expiry gets a new, working token', async () => {
    const s = await authSetup({ manager: { skewMs: 0 } });
    server = s.server;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    s.server.setTokenLifetime(1);
    await loginByBrowser(s.manager, s.server);
    const a = await s.manager.token(want);
    expect(await s.manager.token(want)).toBe(a); // still valid: no request
    const refreshesBefore = s.server.count('refresh_token');
    vi.advanceTimersByTime(1500);
    const b = await s.manager.token(want);
    vi.advanceTimersByTime(1500);
    const c = await s.manager.token(want);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(s.server.count('refresh_token') - refreshesBefore).toBe(2);
  });

  it('a token is refreshed 60 s before it expires, not after', async () => {
    const s = await authSetup();
    server = s.server;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    s.server.setTokenLifetime(120);
    await loginByBrowser(s.manager, s.server);
    const a = await s.manager.token(want);
    vi.advanceTimersByTime(59_000); // 61 s left: still handed out
    expect(await s.manager.token(want)).toBe(a);
    const n = s.server.count('refresh_token');
    vi.advanceTimersByTime(2_000); // 59 s left: inside the skew
    expect(await s.manager.token(want)).not.toBe(a);
    expect(s.server.count('refresh_token')).toBe(n + 1);
  });
});
