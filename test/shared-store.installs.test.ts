// Installed skills across hosts sharing one Postgres (and one real registry, verdaccio): an
// install, update, rollback or remove on host A is announced with LISTEN/NOTIFY; B and C
// fetch the same version (integrity checked), load it as a new generation and swap, losing
// no call; a host that was down catches up from the table when it starts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { SkillHost } from '@openclaw/skill-host';
import { skipWithoutPostgres, startPostgres, type TestPostgres } from './support/postgres.js';
import {
  newEncryptionKey,
  nextInstall,
  sharedHost,
  versionOf,
  type SharedSetup,
} from './support/shared-hosts.js';
import { writeSkillPackage } from './support/skill-packages.js';
import { startRegistry, type TestRegistry } from './support/verdaccio.js';

const skip = skipWithoutPostgres('shared store installs');
let server: TestPostgres;
let registry: TestRegistry;
let setup: SharedSetup;
const hosts: SkillHost[] = [];

beforeAll(async () => {
  if (skip) return;
  [server, registry] = await Promise.all([startPostgres(), startRegistry()]);
  for (const version of ['1.0.0', '1.1.0', '1.2.0'])
    await registry.publish(await writeSkillPackage({ skill: 'fleet', version }));
  await registry.publish(await writeSkillPackage({ skill: 'late', version: '1.0.0' }));
  setup = {
    url: await server.createDatabase('installs'),
    registryUrl: registry.url,
    env: {
      PATH: process.env.PATH ?? '',
      ...registry.env,
      OPENCLAW_SKILLS_ENCRYPTION_KEY: newEncryptionKey(),
    },
    tmp: await mkdtemp(join(tmpdir(), 'oc-shared-')),
  };
}, 180_000);

afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await Promise.all([server?.stop(), registry?.close()]);
  if (setup) await rm(setup.tmp, { recursive: true, force: true });
});

const lockRows = async () => {
  const c = new pg.Client(setup.url);
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string; version: string }>(
      "SELECT name, entry->>'version' AS version FROM openclaw_install_lock ORDER BY name",
    );
    return rows;
  } finally {
    await c.end();
  }
};

const packageRows = async () => {
  const c = new pg.Client(setup.url);
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string; version: string; integrity: string }>(
      'SELECT name, version, integrity FROM openclaw_install_packages ORDER BY name, version',
    );
    return rows;
  } finally {
    await c.end();
  }
};

describe.skipIf(skip)('installs across hosts', () => {
  let a: SkillHost;
  let b: SkillHost;
  let c: SkillHost;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([sharedHost(setup), sharedHost(setup), sharedHost(setup)]);
    hosts.push(a, b, c);
  }, 120_000);

  it('an install on A is announced: B and C each fetch and load fleet@1.0.0 and answer calls with it', async () => {
    const seen = [b, c].map((h) => nextInstall(h, (r) => r.name === 'fleet'));
    const result = await a.install('oc-skill-fleet@1.0.0', { yes: true });
    expect(result).toMatchObject({ action: 'installed', version: '1.0.0' });
    for (const r of await Promise.all(seen))
      expect(r).toMatchObject({
        action: 'installed',
        name: 'fleet',
        version: '1.0.0',
        tools: ['fleet.version'],
      });
    for (const h of [a, b, c]) expect(await versionOf(h, 'fleet.version')).toBe('1.0.0');
    expect(await lockRows()).toEqual([{ name: 'fleet', version: '1.0.0' }]);
    // The registry's tarball is kept too, under the integrity the lockfile row names.
    expect(await packageRows()).toEqual([
      { name: 'fleet', version: '1.0.0', integrity: result.summary!.integrity },
    ]);
  }, 120_000);

  it('an update on A while B and C serve a stream of calls loses no call; after their swap every call answers 1.2.0', async () => {
    const failures: string[] = [];
    const after: Record<'b' | 'c', string[]> = { b: [], c: [] };
    const before: Record<'b' | 'c', string[]> = { b: [], c: [] };
    let stop = false;
    const swapped = { b: false, c: false };
    const events = {
      b: nextInstall(b, (r) => r.name === 'fleet').then((r) => ((swapped.b = true), r)),
      c: nextInstall(c, (r) => r.name === 'fleet').then((r) => ((swapped.c = true), r)),
    };
    // Each host's callers say when 20 calls answered on the new generation.
    const enough = { b: () => undefined, c: () => undefined } as Record<'b' | 'c', () => void>;
    const madeEnough = (['b', 'c'] as const).map(
      (k) => new Promise<void>((resolve) => (enough[k] = resolve)),
    );
    const caller = async (host: SkillHost, key: 'b' | 'c') => {
      while (!stop) {
        const started = swapped[key];
        const r = await host.call({ name: 'fleet.version', input: { delayMs: 2 } });
        if (r.isError) failures.push(`${key} ${r.code}: ${r.message}`);
        else (started ? after : before)[key]!.push((r.structured as { version: string }).version);
        if (after[key]!.length >= 20) enough[key]();
      }
    };
    const load = [
      ...Array.from({ length: 8 }, () => caller(b, 'b')),
      ...Array.from({ length: 8 }, () => caller(c, 'c')),
    ];
    const [updated] = await a.update('fleet', { yes: true });
    expect(updated).toMatchObject({
      action: 'updated',
      version: '1.2.0',
      previousVersion: '1.0.0',
    });
    const [eb, ec] = await Promise.all([events.b, events.c]);
    // Let the callers make some calls on the new generation, then stop them.
    await Promise.all(madeEnough);
    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
    expect(eb).toMatchObject({ action: 'updated', version: '1.2.0', previousVersion: '1.0.0' });
    expect(ec).toMatchObject({ action: 'updated', version: '1.2.0', previousVersion: '1.0.0' });
    for (const k of ['b', 'c'] as const) {
      expect(before[k]!.length).toBeGreaterThan(0);
      expect(new Set(after[k])).toEqual(new Set(['1.2.0']));
    }
  }, 120_000);

  it('rollback on A takes B and C back to 1.0.0; remove on A takes the tool away from both', async () => {
    const back = [b, c].map((h) => nextInstall(h, (r) => r.name === 'fleet'));
    await a.rollback('fleet');
    for (const r of await Promise.all(back))
      expect(r).toMatchObject({ action: 'updated', version: '1.0.0' });
    expect(await versionOf(b, 'fleet.version')).toBe('1.0.0');
    expect(await versionOf(c, 'fleet.version')).toBe('1.0.0');

    const gone = [b, c].map((h) => nextInstall(h, (r) => r.name === 'fleet'));
    await a.remove('fleet');
    for (const r of await Promise.all(gone)) expect(r).toMatchObject({ action: 'removed' });
    for (const h of [a, b, c]) expect(h.snapshot().tools.has('fleet.version')).toBe(false);
    expect(await lockRows()).toEqual([]);
  }, 120_000);

  it('a host that was down when a skill was installed serves it as soon as it starts again (catch-up from the table)', async () => {
    const home = join(setup.tmp, 'returning-home');
    const d = await sharedHost(setup, home);
    expect(d.snapshot().tools.has('late.version')).toBe(false);
    await d.close();
    await a.install('oc-skill-late@1.0.0', { yes: true });
    const again = await sharedHost(setup, home);
    hosts.push(again);
    expect(await versionOf(again, 'late.version')).toBe('1.0.0');
  }, 120_000);

  it('a host opened with followInstalls: false (what a CLI command opens) leaves its store as it is', async () => {
    const cli = await sharedHost(setup, undefined, {}, { followInstalls: false });
    hosts.push(cli);
    expect((await lockRows()).map((r) => r.name)).toContain('late');
    expect(cli.snapshot().tools.has('late.version')).toBe(false);
  }, 120_000);
});
