// Two auth managers on one home (what a CLI and a running host are): each re-reads the store
// under the grant lock, so neither spends a refresh token the other already rotated away.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser } from './auth.fixtures.js';
import { createAuthManager } from './manager.js';
import { createFileVault } from './vault-file.js';
import { tempDir } from '../testing/skill-folders.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('refresh with two managers on one home', () => {
  it("a manager refreshes with the refresh token the other one stored, never its own stale one, and reuses the other's fresh access token", async () => {
    const home = await tempDir();
    const vault = () => createFileVault(join(home, 'secrets'));
    const s = await authSetup({ home, vault: vault(), manager: { skewMs: 0 } });
    server = s.server;
    const b = createAuthManager({
      home,
      config: () => s.config,
      configFile: join(home, 'config.json'),
      env: {},
      vault: vault(),
      skewMs: 0,
    });
    s.server.setTokenLifetime(3600);
    const { grant } = await loginByBrowser(s.manager, s.server);
    const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };
    const fromA = await s.manager.token(want); // A refreshes (narrowed scope) and rotates
    const rotated = (
      JSON.parse((await vault().getPassword(s.manager.service, grant.id))!) as {
        refreshToken: string;
      }
    ).refreshToken;
    const n = s.server.count();
    expect(await b.token(want)).toBe(fromA); // B finds A's fresh token in the store
    expect(s.server.count()).toBe(n);
    await b.token({ ...want, scopes: ['gmail.send'] }); // B refreshes: with A's rotated token
    const last = s.server.tokenRequests.at(-1)!;
    expect(last.grantType).toBe('refresh_token');
    expect(last.params.get('refresh_token')).toBe(rotated);
  });
});
