// The range a registry install keeps, against a real registry (verdaccio on loopback) holding
// counter 1.0.0, 1.1.0 and 2.0.0: `update` stays in the range asked for, `update --latest`
// leaves it and says so at consent, `outdated` lists current, wanted and latest.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type InstallSummary, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage } from './support/skill-packages.js';
import { startRegistry, type TestRegistry } from './support/verdaccio.js';

let registry: TestRegistry;
let tmp: string;

beforeAll(async () => {
  registry = await startRegistry();
  tmp = await mkdtemp(join(tmpdir(), 'oc-ranges-'));
  for (const version of ['1.0.0', '1.1.0', '2.0.0']) {
    await registry.publish(await writeSkillPackage({ skill: 'counter', version }));
  }
}, 120_000);

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function newHost(): Promise<SkillHost> {
  const root = await mkdtemp(join(tmp, 'host-'));
  return createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '', ...registry.env },
    config: { runner: 'inline', install: { registry: registry.url } },
    hostTools: false,
  });
}

const lockEntry = async (host: SkillHost) =>
  (
    JSON.parse(await readFile(join(host.home, 'skills.lock.json'), 'utf8')) as {
      skills: Record<string, { version: string; range?: string; spec: string }>;
    }
  ).skills.counter;

describe('update stays in the kept range', () => {
  it('install counter@1.0.0 keeps ^1.0.0; update goes to 1.1.0, never 2.0.0, then is unchanged', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-counter@1.0.0', { yes: true });
      const [updated] = await host.update('counter', { yes: true });
      expect(updated).toMatchObject({
        action: 'updated',
        version: '1.1.0',
        previousVersion: '1.0.0',
      });
      expect(await lockEntry(host)).toMatchObject({ version: '1.1.0', range: '^1.0.0' });
      const [again] = await host.update('counter', { yes: true });
      expect(again).toMatchObject({ action: 'unchanged', version: '1.1.0' });
    } finally {
      await host.close();
    }
  }, 120_000);

  it('install counter@~1.0.0 keeps ~1.0.0; update leaves 1.0.0 serving (1.1.0 is outside)', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-counter@~1.0.0', { yes: true });
      const [updated] = await host.update('counter', { yes: true });
      expect(updated).toMatchObject({ action: 'unchanged', version: '1.0.0' });
      expect(await lockEntry(host)).toMatchObject({ version: '1.0.0', range: '~1.0.0' });
    } finally {
      await host.close();
    }
  }, 120_000);

  it('an exact version keeps ^<version> (as npm saves it) and no range keeps latest', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-counter@1.0.0', { yes: true });
      expect(await lockEntry(host)).toMatchObject({ version: '1.0.0', range: '^1.0.0' });
      await host.remove('counter');
      await host.install('oc-skill-counter', { yes: true });
      expect(await lockEntry(host)).toMatchObject({ version: '2.0.0', range: 'latest' });
    } finally {
      await host.close();
    }
  }, 120_000);
});

describe('update --latest leaves the range', () => {
  it('names the range and both major versions at consent, installs 2.0.0 and keeps ^2.0.0', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-counter@^1', { yes: true });
      const asked: InstallSummary[] = [];
      const [updated] = await host.update('counter', {
        latest: true,
        consent: async (s) => (asked.push(s), true),
      });
      expect(updated).toMatchObject({
        action: 'updated',
        version: '2.0.0',
        previousVersion: '1.1.0',
      });
      expect(asked).toHaveLength(1);
      expect(asked[0]!.warnings).toContainEqual({
        code: 'RANGE_LEFT',
        message:
          'update --latest leaves the range ^1 counter was installed with for 2.0.0 (was 1.1.0): a new major version, 1 -> 2; the lockfile will keep ^2.0.0.',
      });
      expect(await lockEntry(host)).toMatchObject({ version: '2.0.0', range: '^2.0.0' });
    } finally {
      await host.close();
    }
  }, 120_000);

  it('declining that consent leaves 1.1.0 serving and the range ^1 kept', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-counter@^1', { yes: true });
      await expect(
        host.update('counter', { latest: true, consent: async () => false }),
      ).rejects.toMatchObject({ code: 'APPROVAL_DENIED' });
      expect(await lockEntry(host)).toMatchObject({ version: '1.1.0', range: '^1' });
    } finally {
      await host.close();
    }
  }, 120_000);
});

describe('outdated', () => {
  it('lists current, wanted in the range and latest for each registry install', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-counter@1.0.0', { yes: true });
      expect(await host.outdated()).toEqual([
        {
          name: 'counter',
          package: 'oc-skill-counter',
          current: '1.0.0',
          range: '^1.0.0',
          wanted: '1.1.0',
          latest: '2.0.0',
          registry: registry.url,
        },
      ]);
    } finally {
      await host.close();
    }
  }, 120_000);
});
