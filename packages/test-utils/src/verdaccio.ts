// A real npm registry on loopback for install tests: verdaccio 6.8.0 on 127.0.0.1 at a free
// port, with a temp storage, no uplinks (sealed: nothing ever reaches the public registry;
// the one optional uplink is another loopback server),
// and anonymous publish. `npm publish` insists on some token, so a dummy one sits in a temp
// npmrc (`userconfig`) that every npm command of the suite gets; the user's real npmrc is
// never read. Start it once per suite (beforeAll) and stop it in afterAll.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface TestRegistry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** An npmrc holding the registry and a dummy token; pass as `--userconfig`. */
  npmrc: string;
  /** Environment for npm commands: the temp npmrc, a temp cache, no update notifier. */
  env: NodeJS.ProcessEnv;
  /** `npm publish <dir>` to this registry. */
  publish(dir: string): Promise<void>;
  /**
   * With `restricted`: the token of the user the suite publishes as (already in `npmrc`).
   * Otherwise the dummy token npm insists on.
   */
  token: string;
  /** Adds a user as `npm adduser` does (PUT /-/user/org.couchdb.user:<name>); returns its token. */
  addUser(name: string, password: string): Promise<string>;
  close(): Promise<void>;
}

const local = { access: '$all', publish: '$anonymous $authenticated', unpublish: '$all' };

export interface RegistryOptions {
  /**
   * An upstream registry on loopback (test/support/workspace-mirror.ts) for every package not
   * published here; the names in `local` are never proxied. Without it the registry is sealed.
   */
  uplink?: {
    url: string;
    local: string[];
    /**
     * How long verdaccio trusts a package's metadata from the uplink before asking again
     * (verdaccio's default: 2m). A bench that warms the registry once sets it longer.
     */
    maxage?: string;
  };
  /** Package names this registry refuses to accept a publish of (HTTP 403), for failure paths. */
  refusePublish?: string[];
  /**
   * Reading and publishing only for a logged-in user (a private registry): anonymous requests
   * get HTTP 401. A publisher user is added at start; its token is `token`.
   */
  restricted?: boolean;
}

const loggedIn = {
  access: '$authenticated',
  publish: '$authenticated',
  unpublish: '$authenticated',
};

async function addUser(url: string, name: string, password: string): Promise<string> {
  const res = await fetch(new URL(`-/user/org.couchdb.user:${encodeURIComponent(name)}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      password,
      type: 'user',
      roles: [],
      date: new Date().toISOString(),
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`adding the user ${name} failed: HTTP ${res.status}`);
  return body.token;
}

export async function startRegistry(opts: RegistryOptions = {}): Promise<TestRegistry> {
  const root = await mkdtemp(join(tmpdir(), 'oc-verdaccio-'));
  // Loaded here so suites that never start a registry do not pay for verdaccio.
  const { runServer } = (await import('verdaccio')) as unknown as {
    runServer(config: Record<string, unknown>): Promise<Server>;
  };
  const server = await runServer({
    self_path: root,
    storage: join(root, 'storage'),
    uplinks: opts.uplink
      ? {
          workspace: {
            url: opts.uplink.url,
            timeout: '60s',
            ...(opts.uplink.maxage && { maxage: opts.uplink.maxage }),
          },
        }
      : {},
    packages: {
      ...Object.fromEntries((opts.uplink?.local ?? []).map((name) => [name, local])),
      ...Object.fromEntries(
        (opts.refusePublish ?? []).map((name) => [name, { ...local, publish: 'nobody-here' }]),
      ),
      '@*/*': {
        ...(opts.restricted ? loggedIn : local),
        ...(opts.uplink && { proxy: 'workspace' }),
      },
      '**': { ...(opts.restricted ? loggedIn : local), ...(opts.uplink && { proxy: 'workspace' }) },
    },
    // A restricted registry takes new users (`npm adduser`); the open one needs none.
    auth: { htpasswd: { file: join(root, 'htpasswd'), max_users: opts.restricted ? 100 : -1 } },
    log: { type: 'stdout', format: 'json', level: 'fatal' },
    web: { enable: false },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const npmrc = join(root, 'npmrc');
  const token = opts.restricted
    ? await addUser(url, 'publisher', 'publisher-password')
    : 'dummy-test-token';
  await writeFile(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_config_userconfig: npmrc,
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_registry: url,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  return {
    url,
    npmrc,
    env,
    token,
    addUser: (name, password) => addUser(url, name, password),
    async publish(dir) {
      await exec('npm', ['publish', '--registry', url, '--ignore-scripts'], { cwd: dir, env });
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
