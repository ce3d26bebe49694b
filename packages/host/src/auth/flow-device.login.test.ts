import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, mailRecord } from './auth.fixtures.js';

const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('device authorization flow (RFC 8628)', () => {
  it('shows the user code, polls while pending, and stores the grant once the user approves', async () => {
    const s = await authSetup();
    server = s.server;
    const prompts: { userCode: string; verificationUri: string }[] = [];
    const grant = await s.manager.login(mailRecord(), {
      key: 'google',
      flow: 'device',
      onPrompt: (p) => {
        prompts.push(p);
        // The user approves after the host has polled twice (both see authorization_pending).
        void s.server.tokenRequested(DEVICE, 2).then(() => s.server.approveDevice(p.userCode));
      },
    });
    expect(prompts[0]!.verificationUri).toBe(`${s.server.url}/device`);
    expect(s.server.count(DEVICE)).toBe(3);
    expect(grant).toMatchObject({
      skill: 'mail',
      flow: 'device',
      state: 'active',
      scopes: ['gmail.readonly', 'gmail.send'],
    });
    const token = await s.manager.token({
      skill: 'mail',
      key: 'google',
      provider: 'google',
      scopes: ['gmail.readonly'],
    });
    expect(token).toMatch(/^eyJ/);
  });

  it('a denied device login fails with one line and stores nothing', async () => {
    const s = await authSetup();
    server = s.server;
    const login = s.manager.login(mailRecord(), {
      key: 'google',
      flow: 'device',
      onPrompt: (p) => s.server.approveDevice(p.userCode, true),
    });
    await expect(login).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      message: expect.stringContaining('denied'),
    });
    expect(await s.manager.list()).toEqual([]);
  });
});

describe('client credentials and logout', () => {
  it('client credentials: a grant without a refresh token gets a new token from the token endpoint when it expires', async () => {
    const s = await authSetup();
    server = s.server;
    s.server.setTokenLifetime(1);
    const grant = await s.manager.login(mailRecord(), {
      key: 'google',
      flow: 'client-credentials',
    });
    expect(grant).toMatchObject({ account: 'client', flow: 'client-credentials' });
    s.server.setTokenLifetime(3600);
    await s.manager.token({
      skill: 'mail',
      key: 'google',
      provider: 'google',
      scopes: ['gmail.readonly'],
    });
    expect(s.server.count('client_credentials')).toBe(2);
  });

  it('logout revokes the refresh token at the revocation endpoint (RFC 7009) and removes the grant and its tokens', async () => {
    const s = await authSetup();
    server = s.server;
    const { loginByBrowser } = await import('./auth.fixtures.js');
    const { grant } = await loginByBrowser(s.manager, s.server);
    const secret = JSON.parse((await s.vault.getPassword(s.manager.service, grant.id))!) as {
      refreshToken: string;
    };
    const results = await s.manager.logout({ skill: 'mail' });
    expect(results).toEqual([{ grant, revoked: true }]);
    expect(s.server.revocations).toHaveLength(1);
    expect(s.server.revocations[0]!.get('token')).toBe(secret.refreshToken);
    expect(s.server.revocations[0]!.get('token_type_hint')).toBe('refresh_token');
    expect(await s.manager.list()).toEqual([]);
    expect(await s.vault.getPassword(s.manager.service, grant.id)).toBeNull();
  });
});
