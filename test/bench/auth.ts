// Auth figures: 1,000 concurrent callers asking for a token of an expired grant. Counts the
// requests that reach the real OAuth test server (must be 1: single flight) and times how
// long until every caller has its token (one refresh round trip plus the fan-out).
import { join } from 'node:path';
import { createAuthManager, createMemoryVault } from '@openclaw/skill-host/internal';
import { startOAuthServer } from '../support/oauth-server.js';
import { summarize, type Figure } from './harness.js';

const record = {
  name: 'mail',
  manifest: {
    manifestVersion: 1 as const,
    name: 'mail',
    auth: { google: { type: 'oauth2' as const, provider: 'google' } },
  },
  tools: [{ name: 'mail.list', auth: { provider: 'google', scopes: ['gmail.readonly'] } }],
};

export async function benchAuth(tmp: string, rounds: number): Promise<Record<string, Figure>> {
  const server = await startOAuthServer();
  try {
    const config = {
      auth: {
        providers: {
          google: { ...server.providerConfig({ clientSecret: 'bench' }), preset: 'google' },
        },
      },
    };
    const manager = createAuthManager({
      home: join(tmp, 'auth-home'),
      config: () => config,
      configFile: join(tmp, 'auth-home', 'config.json'),
      env: {},
      vault: createMemoryVault(),
    });
    const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };
    const requests: number[] = [];
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      server.setTokenLifetime(1); // inside the 60 s skew: expired for the host
      await manager.login(record as never, {
        key: 'google',
        onUrl: async (url) => void (await server.follow(url)),
      });
      server.setTokenLifetime(3600);
      const before = server.count();
      const t0 = performance.now();
      const tokens = await Promise.all(Array.from({ length: 1000 }, () => manager.token(want)));
      times.push(performance.now() - t0);
      requests.push(server.count() - before);
      if (new Set(tokens).size !== 1) throw new Error('callers got different tokens');
    }
    return {
      'refresh.concurrent-1000.requests': summarize(requests, 'count'),
      'refresh.concurrent-1000': summarize(times, 'ms'),
    };
  } finally {
    await server.stop();
  }
}
