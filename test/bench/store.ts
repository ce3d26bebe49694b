// Shared-store figures (Postgres): `refresh.multi-host-8x1000.requests` (eight host
// processes, 1,000 callers each, one expired grant: the token requests that reach the real
// OAuth test server; must be 1), `refresh.multi-host-8x1000` (from "go" until every caller of
// every host has its token), and `store.token-read` (a token read from the shared store by a
// host that holds nothing: the grant list, the advisory lock, the sealed row and its
// decryption), and `install.propagation` (from an update finishing on host A until host B has
// fetched, loaded and swapped in the same version, over LISTEN/NOTIFY and a verdaccio
// registry on loopback; 0 when B was first). Needs PostgreSQL's server binaries; without them
// the section is skipped with a note.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { createSkillHost, type InstallResult, type SkillHost } from '@openclaw/skill-host';
import { createAuthManager, openSharedStore } from '@openclaw/skill-host/internal';
import { startOAuthServer, type OAuthTestServer } from '../support/oauth-server.js';
import { postgresUnavailable, startPostgres } from '../support/postgres.js';
import { writeSkillPackage } from '../support/skill-packages.js';
import { startRegistry } from '../support/verdaccio.js';
import { microAsync, summarize, type Figure } from './harness.js';

export interface StoreBenchOptions {
  tmp: string;
  quick: boolean;
  step(s: string): void;
}

const record = {
  name: 'mail',
  manifest: {
    manifestVersion: 1 as const,
    name: 'mail',
    auth: { google: { type: 'oauth2' as const, provider: 'google' } },
  },
  tools: [{ name: 'mail.list', auth: { provider: 'google', scopes: ['gmail.readonly'] } }],
};
const want = { skill: 'mail', key: 'google', provider: 'google', scopes: ['gmail.readonly'] };

/** A host process waiting for "go" on stdin, then asking 1,000 tokens at once. */
function hostProcess(home: string, config: unknown, env: NodeJS.ProcessEnv) {
  const script = `
    const { createSkillHost } = await import('@openclaw/skill-host');
    const { internalAuth } = await import('@openclaw/skill-host/internal');
    const host = await createSkillHost({ home: ${JSON.stringify(home)}, workspace: ${JSON.stringify(home)},
      userHome: ${JSON.stringify(home)}, config: ${JSON.stringify(config)}, env: process.env, scanCache: false });
    process.stdout.write('ready\\n');
    process.stdin.once('data', async () => {
      const want = ${JSON.stringify(want)};
      const tokens = await Promise.all(Array.from({ length: 1000 }, () => internalAuth(host).token(want)));
      process.stdout.write(JSON.stringify({ distinct: new Set(tokens).size, n: tokens.length }) + '\\n');
      await host.close();
      process.exit(0);
    });
  `;
  const p = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, OPENCLAW_SKILLS_LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  p.stdout.on('data', (d) => (out += String(d)));
  p.stderr.on('data', (d) => (err += String(d)));
  const ready = new Promise<void>((resolve, reject) => {
    p.stdout.on('data', () => out.includes('ready\n') && resolve());
    p.once('exit', (code) => reject(new Error(`bench host exited (${code}): ${err}`)));
  });
  const done = new Promise<{ distinct: number; n: number }>((resolve, reject) =>
    p.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{'))
        resolve(JSON.parse(last) as { distinct: number; n: number });
      else reject(new Error(`bench host failed (${code}): ${err}`));
    }),
  );
  return { ready, done, go: () => p.stdin.end('go\n') };
}

async function login(oauth: OAuthTestServer, home: string, config: object, env: NodeJS.ProcessEnv) {
  const host = await createSkillHost({ home, workspace: home, userHome: home, config, env });
  oauth.setTokenLifetime(1); // inside the 60 s skew: expired for every host
  await host.auth.login(record as never, {
    key: 'google',
    onUrl: async (url) => void (await oauth.follow(url)),
  });
  oauth.setTokenLifetime(3600);
  await host.close();
}

export async function benchStore(
  o: StoreBenchOptions,
): Promise<{ figures: Record<string, Figure>; notes: string[] }> {
  const why = postgresUnavailable();
  if (why) return { figures: {}, notes: [`store figures skipped: ${why}`] };
  const figures: Record<string, Figure> = {};
  const [pg, oauth] = await Promise.all([startPostgres(), startOAuthServer()]);
  try {
    const env = { OPENCLAW_SKILLS_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const providers = {
      google: { ...oauth.providerConfig({ clientSecret: 'bench-secret' }), preset: 'google' },
    };

    o.step('refresh.multi-host-8x1000');
    const requests: number[] = [];
    const times: number[] = [];
    for (let round = 0; round < (o.quick ? 1 : 3); round++) {
      const url = await pg.createDatabase(`bench_refresh_${round}`);
      const config = { auth: { providers }, store: { type: 'postgres' as const, url } };
      await login(oauth, await mkdtemp(join(o.tmp, 'store-login-')), config, env);
      const hosts = await Promise.all(
        Array.from({ length: 8 }, async () =>
          hostProcess(await mkdtemp(join(o.tmp, 'store-host-')), config, env),
        ),
      );
      await Promise.all(hosts.map((h) => h.ready));
      const before = oauth.count();
      const t0 = performance.now();
      for (const h of hosts) h.go();
      const results = await Promise.all(hosts.map((h) => h.done));
      times.push(performance.now() - t0);
      requests.push(oauth.count() - before);
      if (results.some((r) => r.distinct !== 1 || r.n !== 1000))
        throw new Error(`callers got different tokens: ${JSON.stringify(results)}`);
    }
    figures['refresh.multi-host-8x1000.requests'] = summarize(requests, 'count');
    figures['refresh.multi-host-8x1000'] = summarize(times, 'ms');

    o.step('store.token-read');
    const url = await pg.createDatabase('bench_read');
    const config = { auth: { providers }, store: { type: 'postgres' as const, url } };
    const home = await mkdtemp(join(o.tmp, 'store-read-'));
    await login(oauth, home, config, env);
    const store = await openSharedStore({ store: config.store, env, configFile: 'config.json' });
    try {
      const manager = () =>
        createAuthManager({
          home,
          config: () => config,
          configFile: 'config.json',
          env,
          grants: store.grants,
          vault: store.vault,
          service: store.service,
        });
      // The login left an expired token: one refresh, then every read finds a valid one.
      await manager().token(want);
      figures['store.token-read'] = await microAsync(() => manager().token(want), {
        batch: 10,
        timeMs: o.quick ? 500 : 1500,
      });
    } finally {
      await store.close();
    }

    o.step('install.propagation');
    figures['install.propagation'] = await propagation(o, pg.createDatabase, env);
  } finally {
    await Promise.all([pg.stop(), oauth.stop()]);
  }
  return { figures, notes: [] };
}

/** Resolves with the time of host's next install event for `name`. */
const installedAt = (host: SkillHost, name: string) =>
  new Promise<number>((resolve) => {
    const l = (r: InstallResult) => {
      if (r.name !== name) return;
      host.off('install', l);
      resolve(performance.now());
    };
    host.on('install', l);
  });

async function propagation(
  o: StoreBenchOptions,
  createDatabase: (name: string) => Promise<string>,
  env: NodeJS.ProcessEnv,
): Promise<Figure> {
  const rounds = o.quick ? 2 : 6;
  const registry = await startRegistry();
  try {
    for (let i = 0; i <= rounds; i++)
      await registry.publish(await writeSkillPackage({ skill: 'spread', version: `1.${i}.0` }));
    const url = await createDatabase('bench_propagation');
    const open = async () => {
      const root = await mkdtemp(join(o.tmp, 'store-prop-'));
      return createSkillHost({
        home: join(root, 'home'),
        workspace: join(root, 'ws'),
        userHome: join(root, 'user'),
        env: {
          PATH: process.env.PATH ?? '',
          OPENCLAW_SKILLS_LOG_LEVEL: 'silent',
          ...registry.env,
          ...env,
        },
        config: {
          runner: 'inline',
          install: { registry: registry.url },
          store: { type: 'postgres', url },
        },
        hostTools: false,
        scanCache: false,
      });
    };
    const [a, b] = await Promise.all([open(), open()]);
    try {
      const samples: number[] = [];
      for (let i = 0; i <= rounds; i++) {
        const onB = installedAt(b, 'spread');
        await a.install(`oc-skill-spread@1.${i}.0`, { yes: true });
        const done = performance.now();
        const seen = await onB;
        if (i > 0) samples.push(Math.max(0, seen - done)); // the first round warms up
      }
      return summarize(samples, 'ms');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  } finally {
    await registry.close();
  }
}
