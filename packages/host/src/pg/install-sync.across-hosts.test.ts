// Installs across hosts on one real Postgres, for every kind of install: the package's exact
// bytes are stored with their integrity, so a tarball or folder only host A had installs on
// host B with identical files; two hosts changing one skill at once are serialized and the
// loser names the winner's change; a follow that fails is retried until it succeeds.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createSkillHost, type SkillHost } from '../host.js';
import type { InstallResult } from '../install/types.js';
import { tempDir } from '../testing/skill-folders.js';
import { postgresForSuite } from '@openclaw/test-utils/postgres';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { testLogger, type LogLine } from '@openclaw/test-utils/test-logger';
import { sharedStoreFollowChecks } from './follow-checks.js';
import { dbName, newKey } from './pg.fixtures.js';

const { skip, createDatabase } = postgresForSuite('installs across hosts');
const exec = promisify(execFile);

let url: string;
let env: NodeJS.ProcessEnv;
const open: SkillHost[] = [];

/** A host on its own fresh home, sharing the suite's database. */
async function host(
  opts: { home?: string; lines?: LogLine[]; followRetry?: { baseMs: number; maxMs: number } } = {},
): Promise<SkillHost> {
  const home = opts.home ?? (await tempDir());
  const h = await createSkillHost({
    home,
    workspace: join(home, 'ws'),
    userHome: home,
    env,
    scanCache: false,
    hostTools: false,
    logger: testLogger(opts.lines).logger,
    // Nothing here comes from a registry: a request to this one would fail the test.
    config: {
      runner: 'inline',
      install: { registry: 'http://127.0.0.1:9/' },
      store: { type: 'postgres', url },
    },
    ...(opts.followRetry && { followRetry: opts.followRetry }),
  });
  open.push(h);
  return h;
}

/** sha256 over every file's relative path and bytes, sorted: equal folders, equal digests. */
async function digest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (d: string): Promise<string[]> =>
    (await readdir(d, { withFileTypes: true }))
      .flatMap((e) => (e.isDirectory() ? [] : [join(d, e.name)]))
      .concat(
        ...(await Promise.all(
          (await readdir(d, { withFileTypes: true }))
            .filter((e) => e.isDirectory())
            .map((e) => walk(join(d, e.name))),
        )),
      );
  for (const file of (await walk(dir)).sort()) {
    hash.update(`${relative(dir, file)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const storeDir = (h: SkillHost, skill: string, version: string) =>
  join(h.home, 'store', skill, version);

async function pack(dir: string): Promise<string> {
  const out = await tempDir('oc-tgz-');
  const { stdout } = await exec('npm', ['pack', dir, '--ignore-scripts', '--json'], {
    cwd: out,
    env,
  });
  return join(out, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

function nextInstall(h: SkillHost, name: string): Promise<InstallResult> {
  return new Promise((resolve) => {
    const listener = (r: InstallResult) => {
      if (r.name !== name) return;
      h.off('install', listener);
      resolve(r);
    };
    h.on('install', listener);
  });
}

async function versionOf(h: SkillHost, tool: string): Promise<string> {
  const r = await h.call({ name: tool, input: {} });
  if (r.isError) throw new Error(`${r.code}: ${r.message}`);
  return (r.structured as { version: string }).version;
}

async function sql<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/**
 * Resolves once a host's row in the follow table records `n` failed attempts. A trigger the
 * test adds to the table notifies a connection that LISTENs, so nothing polls the table.
 * Call it before the host that fails starts.
 */
async function followAttempts(n: number): Promise<void> {
  const c = new pg.Client(url);
  await c.connect();
  await c.query(`CREATE OR REPLACE FUNCTION test_follow_attempts() RETURNS trigger AS $$
    BEGIN PERFORM pg_notify('test_follow_attempts', NEW.attempts::text); RETURN NEW; END
    $$ LANGUAGE plpgsql`);
  await c.query(`CREATE OR REPLACE TRIGGER test_follow_attempts
    AFTER INSERT OR UPDATE ON openclaw_install_follow
    FOR EACH ROW EXECUTE FUNCTION test_follow_attempts()`);
  const reached = new Promise<void>((resolve) => {
    c.on('notification', (m) => {
      if (Number(m.payload) >= n) resolve();
    });
  });
  await c.query('LISTEN test_follow_attempts');
  return reached.finally(async () => {
    await c.query('DROP TRIGGER test_follow_attempts ON openclaw_install_follow');
    await c.end();
  });
}

beforeAll(async () => {
  if (skip) return;
  url = await createDatabase(dbName('sync'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: await tempDir('oc-home-'),
    OPENCLAW_SKILLS_ENCRYPTION_KEY: newKey(),
  };
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((h) => h.close()));
});

describe.skipIf(skip)('installs across hosts', () => {
  it('a tarball installed on A (then deleted) installs on B from the stored bytes with identical files', async () => {
    const a = await host();
    const tgz = await pack(await writeSkillPackage({ skill: 'tarred', version: '1.0.0' }));
    const installed = await a.install(tgz, { yes: true });
    expect(installed).toMatchObject({ action: 'installed', version: '1.0.0' });
    await rm(tgz);
    const [row] = await sql<{ size: number; integrity: string }>(
      "SELECT size, integrity FROM openclaw_install_packages WHERE name = 'tarred'",
    );
    expect(row!.integrity).toBe(installed.summary!.integrity);
    expect(row!.integrity).toMatch(/^sha512-/);

    const b = await host();
    expect(await versionOf(b, 'tarred.version')).toBe('1.0.0');
    expect(await digest(storeDir(b, 'tarred', '1.0.0'))).toBe(await digest(installed.dir!));
  }, 120_000);

  it('a folder installed on A reaches a running B through the feed, with identical files', async () => {
    const [a, b] = await Promise.all([host(), host()]);
    const folder = await writeSkillPackage({ skill: 'foldered', version: '1.0.0' });
    const seen = nextInstall(b, 'foldered');
    const installed = await a.install(folder, { yes: true });
    expect(await seen).toMatchObject({ action: 'installed', version: '1.0.0' });
    expect(await versionOf(b, 'foldered.version')).toBe('1.0.0');
    expect(await digest(storeDir(b, 'foldered', '1.0.0'))).toBe(await digest(installed.dir!));
    // B keeps the entry as A recorded it (the folder), not the file it unpacked from.
    const entry = JSON.parse(
      await readFile(join(b.home, 'store', 'foldered', '1.0.0.lock.json'), 'utf8'),
    ) as { resolved: string };
    expect(entry.resolved).toBe(`file:${folder}`);
  }, 120_000);

  it('two installs of one skill from A and B at once: one is recorded, the other names the winner and follows it', async () => {
    const [a, b] = await Promise.all([host(), host()]);
    const two = await pack(await writeSkillPackage({ skill: 'raced', version: '2.0.0' }));
    const three = await pack(await writeSkillPackage({ skill: 'raced', version: '3.0.0' }));
    // Both get past consent before either records: a real race at the shared lockfile.
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((r) => (release = r));
    const consent = async () => {
      if (++arrived === 2) release();
      await both;
      return true;
    };
    // Listening first: the loser's catch-up may come before the race is even looked at.
    const followed = { a: nextInstall(a, 'raced'), b: nextInstall(b, 'raced') };
    const [ra, rb] = await Promise.allSettled([
      a.install(two, { consent }),
      b.install(three, { consent }),
    ]);
    const won = [ra, rb].filter((r) => r.status === 'fulfilled');
    const lost = [ra, rb].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<InstallResult>).value.version;
    expect(lost[0]!.reason).toMatchObject({ code: 'INSTALL_FAILED' });
    expect(String(lost[0]!.reason.message)).toMatch(
      new RegExp(
        `raced was changed by another host \\(.+\\) to ${winner.replace(/\./g, '\\.')} while this host`,
      ),
    );
    const rows = await sql<{ version: string }>(
      "SELECT entry->>'version' AS version FROM openclaw_install_lock WHERE name = 'raced'",
    );
    expect(rows).toEqual([{ version: winner }]);
    // The loser serves the winner's version once its feed catches up.
    const loser = ra.status === 'rejected' ? 'a' : 'b';
    expect(await followed[loser]).toMatchObject({ action: 'installed', version: winner });
    expect(await versionOf(loser === 'a' ? a : b, 'raced.version')).toBe(winner);
  }, 120_000);

  it('an install on B after A changed the skill while B was asking consent says A changed it, and nothing of B is recorded', async () => {
    const [a, b] = await Promise.all([host(), host()]);
    const one = await pack(await writeSkillPackage({ skill: 'paused', version: '1.0.0' }));
    const two = await pack(await writeSkillPackage({ skill: 'paused', version: '2.0.0' }));
    const followed = nextInstall(b, 'paused');
    const failed = await b
      .install(one, {
        consent: async () => {
          await a.install(two, { yes: true });
          return true;
        },
      })
      .then(
        () => undefined,
        (e: Error & { code?: string }) => e,
      );
    expect(failed?.code).toBe('INSTALL_FAILED');
    expect(failed?.message).toMatch(
      /paused was changed by another host \(.+\) to 2\.0\.0 while this host was making its change/,
    );
    const rows = await sql<{ version: string }>(
      "SELECT entry->>'version' AS version FROM openclaw_install_lock WHERE name = 'paused'",
    );
    expect(rows).toEqual([{ version: '2.0.0' }]);
    expect(await followed).toMatchObject({ action: 'installed', version: '2.0.0' });
    expect(await versionOf(b, 'paused.version')).toBe('2.0.0');
  }, 120_000);

  it('B retries a follow that failed on a damaged package row, logs it once, shows it in the follow table, and installs once the row is repaired', async () => {
    const a = await host();
    const folder = await writeSkillPackage({ skill: 'flaky', version: '1.0.0' });
    await a.install(folder, { yes: true });
    const [good] = await sql<{ bytes: Buffer }>(
      "SELECT bytes FROM openclaw_install_packages WHERE name = 'flaky'",
    );
    const damaged = Buffer.from(good!.bytes);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 1) ^ 0xff, damaged.length - 1);
    await sql("UPDATE openclaw_install_packages SET bytes = $1 WHERE name = 'flaky'", [damaged]);

    const lines: LogLine[] = [];
    // A second failed attempt: the retry came without any new change.
    const retried = followAttempts(2);
    const b = await host({ lines, followRetry: { baseMs: 20, maxMs: 40 } });
    const follow = async () =>
      sql<{ skill: string; error: string; attempts: number }>(
        'SELECT skill, error, attempts FROM openclaw_install_follow',
      );
    await retried;
    const [status] = await follow();
    expect(status).toMatchObject({ skill: 'flaky' });
    expect(status!.error).toContain('do not match its integrity');
    expect(b.snapshot().tools.has('flaky.version')).toBe(false);
    // doctor, from any home pointing at the store, names the host, the skill and the reason.
    const configFile = join(await tempDir(), 'config.json');
    await writeFile(configFile, JSON.stringify({ store: { type: 'postgres', url } }));
    const checks = await sharedStoreFollowChecks(configFile, env);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ name: 'hosts', status: 'warn' });
    expect(checks[0]!.message).toMatch(
      /^host .+ is not in step with the shared lockfile \(flaky@1\.0\.0\)/,
    );
    expect(checks[0]!.message).toContain('do not match its integrity');

    const back = nextInstall(b, 'flaky');
    await sql("UPDATE openclaw_install_packages SET bytes = $1 WHERE name = 'flaky'", [
      good!.bytes,
    ]);
    expect(await back).toMatchObject({ action: 'installed', version: '1.0.0' });
    expect(await versionOf(b, 'flaky.version')).toBe('1.0.0');
    expect(await follow()).toEqual([]);
    expect(await sharedStoreFollowChecks(configFile, env)).toEqual([
      { name: 'hosts', status: 'ok', message: 'every host follows the shared lockfile' },
    ]);
    const warned = lines.filter((l) => l.level === 40 && /follow the shared lockfile/.test(l.msg));
    expect(warned).toHaveLength(1);
    expect(warned[0]!.msg).toContain('flaky@1.0.0');
    expect(
      lines.some((l) => l.level === 30 && /In step with the shared lockfile/.test(l.msg)),
    ).toBe(true);
  }, 120_000);

  it('keeps the bytes of the current version and two previous ones; remove drops them all', async () => {
    const a = await host();
    const tarballs = await Promise.all(
      ['1.0.0', '1.1.0', '1.2.0', '1.3.0'].map(async (version) =>
        pack(await writeSkillPackage({ skill: 'kept', version })),
      ),
    );
    for (const tgz of tarballs) await a.install(tgz, { yes: true });
    const versions = async () =>
      (
        await sql<{ version: string }>(
          "SELECT version FROM openclaw_install_packages WHERE name = 'kept' ORDER BY version",
        )
      ).map((r) => r.version);
    expect(await versions()).toEqual(['1.1.0', '1.2.0', '1.3.0']);
    await a.remove('kept');
    expect(await versions()).toEqual([]);
  }, 240_000);
});
