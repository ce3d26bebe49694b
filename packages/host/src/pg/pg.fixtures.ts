// Shared set-up for the shared-store suites: one private Postgres per suite
// (@openclaw/test-utils/postgres), a fresh database per test, an encryption key, a host config
// pointing at both the database and the test OAuth server, and host processes: each child is
// a real `createSkillHost` on its own home, talking to the others only through Postgres.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { HostConfig } from '../config/schema.js';
import { createSkillHost, type SkillHost, type SkillHostOptions } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { startOAuthServer, type OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { postgresForSuite } from '@openclaw/test-utils/postgres';
import { googleAt } from '../auth/auth.fixtures.js';

/**
 * The suite's private Postgres (postgresForSuite) and the test OAuth server, started once
 * for the suite and stopped after it; `oauth` is set once the suite's beforeAll has run.
 */
export function sharedStoreSuite(suite: string): {
  skip: boolean;
  createDatabase: (name: string) => Promise<string>;
  oauth: OAuthTestServer;
} {
  const { skip, createDatabase } = postgresForSuite(suite);
  const s = { skip, createDatabase, oauth: undefined as unknown as OAuthTestServer };
  beforeAll(async () => {
    if (!skip) s.oauth = await startOAuthServer();
  }, 60_000);
  afterAll(async () => {
    await s.oauth?.stop();
  });
  return s;
}

/** A host on a fresh temp home, which is also its user home and (unless given) workspace. */
export async function hostOnFreshHome(
  opts: Omit<SkillHostOptions, 'home' | 'userHome'>,
): Promise<SkillHost> {
  const home = await tempDir();
  return createSkillHost({ workspace: home, ...opts, home, userHome: home });
}

export const newKey = () => randomBytes(32).toString('base64');

let databases = 0;
export const dbName = (prefix: string) => `${prefix}_${process.pid}_${++databases}`;

export const sharedConfig = (url: string, oauth?: OAuthTestServer): HostConfig => ({
  ...(oauth && googleAt(oauth)),
  store: { type: 'postgres', url },
});

export interface ChildHost {
  /** Resolves with the child's first stdout line `ready`. */
  ready: Promise<void>;
  /** Lines the child printed (JSON per line). */
  lines: () => string[];
  /** Writes one line to the child's stdin. */
  send(line: string): void;
  done: Promise<{ code: number | null; out: string; err: string }>;
  kill(): void;
}

/**
 * Starts a host process: `createSkillHost` on `home` with `config`, then `body` (an async ESM
 * snippet with `host` in scope; `next()` resolves with the next stdin line).
 */
export function childHost(opts: {
  home: string;
  config: HostConfig;
  env: NodeJS.ProcessEnv;
  body: string;
}): ChildHost {
  const hostModule = pathToFileURL(join(import.meta.dirname, '..', 'host.ts')).href;
  const script = `
    import { createInterface } from 'node:readline';
    const { createSkillHost } = await import(${JSON.stringify(hostModule)});
    const lines = createInterface({ input: process.stdin });
    const queue = []; const waiting = [];
    lines.on('line', (l) => (waiting.length ? waiting.shift()(l) : queue.push(l)));
    const next = () => queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r));
    const host = await createSkillHost({ home: ${JSON.stringify(opts.home)},
      workspace: ${JSON.stringify(opts.home)}, userHome: ${JSON.stringify(opts.home)},
      config: ${JSON.stringify(opts.config)}, env: process.env, scanCache: false,
      auth: { retry: { baseMs: 5 } } });
    console.log('ready');
    try { ${opts.body} } finally { await host.close(); lines.close(); }
  `;
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const p = spawn(
    process.execPath,
    ['--import', pathToFileURL(tsx).href, '--input-type=module', '-e', script],
    { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH, ...opts.env } },
  );
  let out = '';
  let err = '';
  p.stdout.on('data', (d) => (out += String(d)));
  p.stderr.on('data', (d) => (err += String(d)));
  const ready = new Promise<void>((resolve, reject) => {
    p.stdout.on('data', () => out.includes('ready\n') && resolve());
    p.on('exit', (code) => reject(new Error(`host process exited (${code}) before ready: ${err}`)));
  });
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    p.on('exit', (code) => resolve({ code, out, err })),
  );
  return {
    ready,
    lines: () => out.split('\n').filter((l) => l && l !== 'ready'),
    send: (line) => p.stdin.write(`${line}\n`),
    done,
    kill: () => p.kill('SIGKILL'),
  };
}

/** The error a host start fails with (the test fails if the host starts). */
export async function startFailure(
  start: Promise<{ close(): Promise<void> }>,
): Promise<Error & { code?: string; hint?: string }> {
  try {
    const host = await start;
    await host.close();
  } catch (e) {
    return e as Error & { code?: string; hint?: string };
  }
  throw new Error('the host started, and should not have');
}
