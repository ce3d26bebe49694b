// Shared set-up for the auth tests: a real OAuth server (@openclaw/test-utils/oauth-server), a
// temp home, the `google` preset pointed at the server, and a mail skill whose tools need
// gmail.readonly and gmail.send.
import type { Manifest } from '@openclaw/skill-sdk';
import type { HostConfig } from '../config/schema.js';
import { skillRecord } from '../testing/records.js';
import { tempDir } from '../testing/skill-folders.js';
import { startOAuthServer, type OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { createAuthManager, type AuthManagerOptions } from './manager.js';
import { createMemoryVault, type SecretVault } from './vault.js';

export const mailManifest: Manifest = {
  manifestVersion: 1,
  name: 'mail',
  auth: { google: { type: 'oauth2', provider: 'google' } },
  tools: [
    {
      name: 'mail.list',
      description: 'List.',
      inputSchema: { type: 'object' },
      auth: { provider: 'google', scopes: ['gmail.readonly'] },
    },
    {
      name: 'mail.send',
      description: 'Send.',
      inputSchema: { type: 'object' },
      auth: { provider: 'google', scopes: ['gmail.send'] },
    },
  ],
};

export const mailRecord = (manifest: Manifest = mailManifest) =>
  skillRecord({
    name: 'mail',
    manifest,
    tools: (manifest.tools ?? []).map((t) => ({
      name: t.name,
      ...(t.auth && { auth: { provider: t.auth.provider, scopes: t.auth.scopes ?? [] } }),
    })),
  });

/** The google preset (scope aliases, offline access) with its endpoints on the test server. */
export const googleAt = (
  server: OAuthTestServer,
  extra: Record<string, unknown> = {},
): HostConfig => ({
  auth: {
    providers: {
      google: {
        ...(server.providerConfig({ clientSecret: 'client-secret-value-123', ...extra }) as object),
        preset: 'google',
      },
    },
  },
});

export async function authSetup(
  opts: {
    vault?: SecretVault;
    home?: string;
    config?: HostConfig;
    manager?: Partial<AuthManagerOptions>;
  } = {},
) {
  const server = await startOAuthServer();
  const home = opts.home ?? (await tempDir());
  const config = opts.config ?? googleAt(server);
  const vault = opts.vault ?? createMemoryVault();
  const manager = createAuthManager({
    home,
    config: () => config,
    configFile: `${home}/config.json`,
    env: {},
    vault,
    retry: { baseMs: 5 },
    ...opts.manager,
  });
  return { server, home, config, vault, manager };
}

/** Logs the mail skill in through the code flow, the test following the printed URL. */
export async function loginByBrowser(
  manager: ReturnType<typeof createAuthManager>,
  server: OAuthTestServer,
  extra: { scopes?: string[] } = {},
) {
  const urls: string[] = [];
  const grant = await manager.login(mailRecord(), {
    key: 'google',
    ...extra,
    onUrl: async (url) => {
      urls.push(url);
      await server.follow(url);
    },
  });
  return { grant, url: new URL(urls[0]!) };
}
