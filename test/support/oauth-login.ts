// Logging a skill in from a test, without a browser or a keychain: the host config points a
// provider preset at the test OAuth server and keeps tokens in the opt-in file store, and the
// test follows the authorize URL itself. Use with startOAuthServer() from ./oauth-server.js.
import type { Grant, HostConfig, SkillHost } from '@openclaw/skill-host';
import type { OAuthTestServer } from './oauth-server.js';

/** Host config: `preset` (e.g. google) served by the test server, tokens in a 0600 file. */
export function testAuthConfig(server: OAuthTestServer, preset = 'google'): HostConfig {
  return {
    auth: {
      store: 'file',
      providers: {
        [preset]: { ...(server.providerConfig({ clientSecret: 'test-secret' }) as object), preset },
      },
    },
  };
}

/** Runs the real code + PKCE login for a skill, following the URL like a browser would. */
export async function loginSkill(
  host: SkillHost,
  skill: string,
  server: OAuthTestServer,
  opts: { key?: string; scopes?: string[] } = {},
): Promise<Grant> {
  const record = host.skills.find((s) => s.name === skill && !s.shadowedBy);
  if (!record) throw new Error(`no skill "${skill}" in the host`);
  const key =
    opts.key ??
    Object.entries(record.manifest?.auth ?? {}).find(([, e]) => e.type === 'oauth2')?.[0];
  if (!key) throw new Error(`skill "${skill}" declares no oauth2 provider`);
  return host.auth.login(record, {
    key,
    ...(opts.scopes && { scopes: opts.scopes }),
    onUrl: async (url) => void (await server.follow(url)),
  });
}
