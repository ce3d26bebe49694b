// Hot install against a real npm registry (verdaccio on loopback): install into a host that
// is serving calls, update under load without losing a call, broken versions that leave the
// old one serving, rollback, remove, install scripts that never run, --frozen on a clean home.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type InstallResult, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage, type PackageOptions } from './support/skill-packages.js';
import { startRegistry, type TestRegistry } from './support/verdaccio.js';

let registry: TestRegistry;
let tmp: string;
const marker = () => join(tmp, 'postinstall-ran');

beforeAll(async () => {
  registry = await startRegistry();
  tmp = await mkdtemp(join(tmpdir(), 'oc-install-'));
  const writeMarker = `node -e "require('fs').writeFileSync(${JSON.stringify(marker())}, 'ran')"`;
  const packages: PackageOptions[] = [
    { skill: 'counter', version: '1.0.0' },
    { skill: 'counter', version: '1.1.0' },
    // A runtime dependency that has its own postinstall; neither script may run.
    {
      skill: 'tinydep',
      package: 'oc-tiny-dep',
      version: '1.0.0',
      notASkill: true,
      scripts: { postinstall: writeMarker },
    },
    {
      skill: 'scripted',
      version: '1.0.0',
      scripts: { postinstall: writeMarker, preinstall: writeMarker },
      dependencies: { 'oc-tiny-dep': '1.0.0' },
    },
  ];
  for (const p of packages) await registry.publish(await writeSkillPackage(p));
});

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function newHost(home?: string): Promise<SkillHost> {
  const root = await mkdtemp(join(tmp, 'host-'));
  return createSkillHost({
    home: home ?? join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '', ...registry.env },
    config: { runner: 'inline', install: { registry: registry.url } },
    hostTools: false,
  });
}

const versionOf = async (host: SkillHost, delayMs = 0) => {
  const r = await host.call({ name: 'counter.version', input: { delayMs } });
  if (r.isError) throw new Error(`${r.code}: ${r.message}`);
  return (r.structured as { version: string }).version;
};

const lockOf = async (host: SkillHost) =>
  JSON.parse(await readFile(join(host.home, 'skills.lock.json'), 'utf8')) as {
    skills: Record<string, { version: string; integrity: string; resolved: string }>;
  };

describe('hot install from a registry', () => {
  let host: SkillHost;
  beforeAll(async () => {
    host = await newHost();
  });
  afterAll(() => host.close());

  it('installs counter@1.0.0 into a running host; its tool answers without a restart and the lockfile records it', async () => {
    expect(host.snapshot().tools.has('counter.version')).toBe(false);
    const steps: string[] = [];
    const result = await host.install('oc-skill-counter@1.0.0', {
      yes: true,
      onProgress: (e) => steps.push(e.step),
    });
    expect(result).toMatchObject({
      action: 'installed',
      name: 'counter',
      version: '1.0.0',
      tools: ['counter.version'],
    });
    expect(steps).toEqual(['resolve', 'fetch', 'inspect', 'store', 'load', 'lockfile', 'prune']);
    expect(await versionOf(host)).toBe('1.0.0');
    const lock = await lockOf(host);
    expect(lock.skills.counter).toMatchObject({ version: '1.0.0', package: 'oc-skill-counter' });
    expect(lock.skills.counter!.integrity).toMatch(/^sha512-/);
    expect(lock.skills.counter!.resolved).toContain('oc-skill-counter-1.0.0.tgz');
  });

  it('updates to 1.1.0 while calls stream in: no call fails, every call after the swap reaches 1.1.0', async () => {
    const seen: { version: string; startedAfterSwap: boolean }[] = [];
    const failures: string[] = [];
    let swapped = false;
    let inflightAtSwap = -1;
    let inflight = 0;
    host.on('install', () => {
      swapped = true;
      inflightAtSwap = inflight;
    });
    let stop = false;
    // Resolves when `n` more calls have answered (counted as they answer, not on a timer).
    let answered = 0;
    const waiters: { at: number; resolve: () => void }[] = [];
    const moreCalls = (n: number) =>
      new Promise<void>((resolve) => waiters.push({ at: answered + n, resolve }));
    const count = () => {
      answered++;
      for (const w of waiters.filter((w) => w.at <= answered)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    };
    // A closed loop of 24 concurrent callers, each call holding ~5 ms: several hundred calls
    // per second, so the swap always happens with calls in flight.
    const worker = async () => {
      while (!stop) {
        const after = swapped;
        inflight++;
        const r = await host.call({ name: 'counter.version', input: { delayMs: 5 } });
        inflight--;
        if (r.isError) failures.push(`${r.code}: ${r.message}`);
        else
          seen.push({
            version: (r.structured as { version: string }).version,
            startedAfterSwap: after,
          });
        count();
      }
    };
    const load = Array.from({ length: 24 }, worker);
    // Some calls on 1.0.0 first; after the update, enough that every caller made one more.
    await moreCalls(48);
    const result = (await host.update('counter', { yes: true }))[0]!;
    await moreCalls(48);
    stop = true;
    await Promise.all(load);
    expect(result).toMatchObject({ action: 'updated', version: '1.1.0', previousVersion: '1.0.0' });
    expect(failures).toEqual([]);
    expect(inflightAtSwap).toBeGreaterThan(0);
    expect(seen.filter((s) => s.startedAfterSwap).every((s) => s.version === '1.1.0')).toBe(true);
    expect(seen.some((s) => s.version === '1.0.0')).toBe(true);
    expect(seen.some((s) => s.version === '1.1.0')).toBe(true);
    expect((await lockOf(host)).skills.counter!.version).toBe('1.1.0');
  });

  it('a 1.2.0 with an invalid manifest fails with the reason and 1.1.0 keeps serving', async () => {
    await registry.publish(
      await writeSkillPackage({
        skill: 'counter',
        version: '1.2.0',
        manifestText: '{"manifestVersion": 1, "name": "counter", "tools": [{"name": "Bad Name"}]}',
      }),
    );
    const lockBefore = await readFile(join(host.home, 'skills.lock.json'), 'utf8');
    await expect(host.update('counter', { yes: true })).rejects.toMatchObject({
      code: 'MANIFEST_INVALID',
      message: expect.stringContaining('manifest.json'),
    });
    expect(await versionOf(host)).toBe('1.1.0');
    expect(await readFile(join(host.home, 'skills.lock.json'), 'utf8')).toBe(lockBefore);
    expect(
      (await readdir(join(host.home, 'store', 'counter'))).filter((f) => /^\d/.test(f)).sort(),
    ).toEqual(['1.0.0', '1.0.0.lock.json', '1.1.0', '1.1.0.lock.json']);
  });

  it('a 1.2.1 that throws on import fails with the thrown reason and 1.1.0 keeps serving', async () => {
    await registry.publish(
      await writeSkillPackage({
        skill: 'counter',
        version: '1.2.1',
        code: "throw new Error('cannot start: broken build');\n",
      }),
    );
    const err = await host.update('counter', { yes: true }).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(err?.code).toBe('INSTALL_FAILED');
    expect(err?.message).toContain('cannot start: broken build');
    expect(err?.message).toContain('counter@1.1.0 keeps serving');
    expect(await versionOf(host)).toBe('1.1.0');
    expect((await lockOf(host)).skills.counter!.version).toBe('1.1.0');
    expect(existsSync(join(host.home, 'store', 'counter', '1.2.1'))).toBe(false);
  });

  it('rollback returns to 1.0.0 (the previous generation) and the lockfile follows', async () => {
    const r = await host.rollback('counter');
    expect(r).toMatchObject({ action: 'rolled-back', version: '1.0.0', previousVersion: '1.1.0' });
    expect(await versionOf(host)).toBe('1.0.0');
    expect((await lockOf(host)).skills.counter!.version).toBe('1.0.0');
  });

  it('remove takes the tools away, deletes the store folder and the lockfile entry', async () => {
    const events: string[] = [];
    host.on('change', () => events.push('change'));
    host.on('install', (e: InstallResult) => events.push(e.action));
    await host.remove('counter');
    expect(events).toEqual(['change', 'removed']);
    expect(host.snapshot().tools.has('counter.version')).toBe(false);
    const r = await host.call({ name: 'counter.version', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'TOOL_NOT_FOUND' });
    expect(existsSync(join(host.home, 'store', 'counter'))).toBe(false);
    expect((await lockOf(host)).skills.counter).toBeUndefined();
  });

  it('a package with preinstall/postinstall scripts (and a dependency with one) installs without running any', async () => {
    const r = await host.install('oc-skill-scripted', { yes: true });
    expect(r.summary?.scripts.sort()).toEqual(['postinstall', 'preinstall']);
    expect(r.summary?.dependencies).toEqual({ 'oc-tiny-dep': '1.0.0' });
    expect(existsSync(join(r.dir!, 'node_modules', 'oc-tiny-dep', 'package.json'))).toBe(true);
    expect(existsSync(marker())).toBe(false);
  });
});

describe('install --frozen', () => {
  it('on a clean home reproduces the lockfile: same versions, integrity and tools', async () => {
    const first = await newHost();
    await first.install('oc-skill-counter@1.0.0', { yes: true });
    const lock = await readFile(join(first.home, 'skills.lock.json'), 'utf8');
    await first.close();

    const cleanHome = await mkdtemp(join(tmp, 'clean-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(cleanHome, 'skills.lock.json'), lock);
    const second = await newHost(cleanHome);
    const results = await second.installFrozen();
    expect(results.map((r) => [r.name, r.version, r.tools])).toEqual([
      ['counter', '1.0.0', ['counter.version']],
    ]);
    expect(await versionOf(second)).toBe('1.0.0');
    expect(await readFile(join(cleanHome, 'skills.lock.json'), 'utf8')).toBe(lock);
    await second.close();
  });
});

describe('with the default runner for registry skills (sandbox)', () => {
  it('install then update swap generations in the sandbox runner: calls reach 1.0.0, then 1.1.0, and a version that throws on import leaves 1.1.0 serving', async () => {
    const root = await mkdtemp(join(tmp, 'sandboxed-'));
    const host = await createSkillHost({
      home: join(root, 'home'),
      workspace: join(root, 'ws'),
      userHome: join(root, 'user'),
      env: { PATH: process.env.PATH ?? '', ...registry.env, OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
      config: { install: { registry: registry.url } },
      hostTools: false,
    });
    try {
      await host.install('oc-skill-counter@1.0.0', { yes: true });
      expect(await versionOf(host)).toBe('1.0.0');
      // (`latest` is the broken 1.2.1 by now: the suite above published it.)
      const r = await host.install('oc-skill-counter@1.1.0', { yes: true });
      expect(r).toMatchObject({ action: 'updated', previousVersion: '1.0.0' });
      expect(await versionOf(host)).toBe('1.1.0');
      await expect(host.update('counter', { yes: true })).rejects.toMatchObject({
        message: expect.stringContaining('counter@1.1.0 keeps serving'),
      });
      expect(await versionOf(host)).toBe('1.1.0');
    } finally {
      await host.close();
    }
  });
});
