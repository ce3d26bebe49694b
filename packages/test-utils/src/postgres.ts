// A private PostgreSQL server for the shared-store suites: Debian's `postgresql` binaries
// (scripts/system-packages.mjs group `postgres`), a fresh cluster from initdb in a temp dir,
// listening on 127.0.0.1 only at a free port, unix sockets inside the data dir. Postgres
// refuses to run as root, so as root the cluster belongs to the `postgres` OS user and every
// server command runs through `runuser`. Start it once per suite (beforeAll), stop it in
// afterAll. `kill()` and `start()` again model a database lost and back mid-run (same port,
// same data). Without the binaries: under CI=true the suite fails saying what to install;
// elsewhere it is skipped with one printed line.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

const exec = promisify(execFile);

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth, loopback only). */
  url: string;
  port: number;
  /** A new empty database, so suites and tests never see each other's rows. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server at once (`pg_ctl stop -m immediate`: no clean shutdown, like a crash). */
  kill(): Promise<void>;
  /** Starts it again on the same port and data (after `kill`). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const r = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  const found = r.status === 0 ? r.stdout.trim() : '';
  return found ? join(found, '..') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } | undefined {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) return undefined;
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** Why a Postgres server cannot be started here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  const bin = binDir();
  if (!bin || !existsSync(join(bin, 'initdb')))
    return 'the PostgreSQL server binaries (initdb, pg_ctl) are not installed (node scripts/system-packages.mjs postgres installs them)';
  if (isRoot() && !postgresUser())
    return 'running as root and there is no `postgres` OS user to own the cluster';
  return undefined;
}

/** Throws under CI=true, prints one line elsewhere; returns true when the suite should skip. */
export function skipWithoutPostgres(suite: string): boolean {
  const why = postgresUnavailable();
  if (why && process.env.CI === 'true')
    throw new Error(`The ${suite} suite needs PostgreSQL: ${why}.`);
  if (why) console.log(`${suite} suite skipped: ${why}`);
  return why !== undefined;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir()!;
  const root = await mkdtemp(join(tmpdir(), 'oc-postgres-'));
  const data = join(root, 'data');
  const log = join(root, 'server.log');
  const owner = isRoot() ? postgresUser() : undefined;
  if (owner) {
    await chown(root, owner.uid, owner.gid);
    await chmod(root, 0o700);
  }
  // As root every server command runs as the `postgres` user; its env is minimal on purpose.
  const run = (cmd: string, args: string[]) =>
    owner
      ? exec('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { cwd: root })
      : exec(join(bin, cmd), args, { cwd: root });
  await run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--no-instructions',
  ]);
  let port = 0;
  const options = () =>
    [
      `-p ${port}`,
      `-k ${data}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=300',
      '-c fsync=off',
      '-c full_page_writes=off',
    ].join(' ');
  const start = async () => {
    await run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', options()]);
  };
  // A free port can be taken between the probe and the bind: try a few.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (e) {
      if (attempt >= 4) {
        await rm(root, { recursive: true, force: true });
        throw new Error(`PostgreSQL did not start: ${(e as Error).message}`);
      }
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    port,
    async createDatabase(name) {
      await run('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `CREATE DATABASE "${name.replace(/"/g, '')}"`,
      ]);
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async kill() {
      await run('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async stop() {
      if (running) await run('pg_ctl', ['stop', '-m', 'fast', '-w', '-D', data]).catch(() => {});
      running = false;
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * One Postgres for the calling test file: started before its tests and stopped after them.
 * `skip` is skipWithoutPostgres's answer for the suite; `createDatabase` gives each test its own
 * database on that server.
 */
export function postgresForSuite(suite: string): {
  skip: boolean;
  createDatabase: (name: string) => Promise<string>;
} {
  const skip = skipWithoutPostgres(suite);
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    if (!skip) server = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    skip,
    createDatabase: (name) => {
      if (!server) throw new Error(`Postgres for ${suite} is not running`);
      return server.createDatabase(name);
    },
  };
}
