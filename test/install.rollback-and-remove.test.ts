// rollback and remove as people read them: each rollback goes one version further back through
// what the store keeps (never back and forth between two), `--to` picks any kept version, and
// `remove` keeps the skill's storage, saying so, unless `purge`. Real installs from tarballs.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { packSkillVersions } from './support/skill-packages.js';

const VERSIONS = ['1.0.0', '2.0.0', '3.0.0'];
let root: string;
const tarballs: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-rollback-remove-'));
  tarballs.push(...(await packSkillVersions(root, 'counter', VERSIONS)));
}, 120_000);
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function hostWithAllVersions(): Promise<SkillHost> {
  const dir = await mkdtemp(join(root, 'host-'));
  const host = await createSkillHost({
    home: join(dir, 'home'),
    workspace: join(dir, 'ws'),
    userHome: join(dir, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    config: { runner: 'inline' },
    hostTools: false,
  });
  for (const t of tarballs) await host.install(t, { yes: true });
  return host;
}

async function serving(host: SkillHost): Promise<unknown> {
  const r = await host.call({ name: 'counter.version', input: {} });
  return r.isError ? r.code : r.structured;
}

describe('rollback', () => {
  it('goes one version further back each time (3.0.0 -> 2.0.0 -> 1.0.0), then says none is left', async () => {
    const host = await hostWithAllVersions();
    try {
      expect(await host.rollback('counter')).toMatchObject({
        version: '2.0.0',
        previousVersion: '3.0.0',
      });
      expect(await serving(host)).toEqual({ version: '2.0.0' });
      expect(await host.rollback('counter')).toMatchObject({
        version: '1.0.0',
        previousVersion: '2.0.0',
      });
      expect(await serving(host)).toEqual({ version: '1.0.0' });
      await expect(host.rollback('counter')).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: 'counter has no previous version to roll back to.',
        hint: 'Kept versions: 2.0.0, 3.0.0; openclaw-skill rollback counter --to <version>',
      });
    } finally {
      await host.close();
    }
  }, 120_000);

  it('--to goes to any kept version, forward too; the serving one or one not kept is refused naming the kept ones', async () => {
    const host = await hostWithAllVersions();
    try {
      expect(await host.rollback('counter', { to: '1.0.0' })).toMatchObject({ version: '1.0.0' });
      expect(await host.rollback('counter', { to: '3.0.0' })).toMatchObject({ version: '3.0.0' });
      expect(await serving(host)).toEqual({ version: '3.0.0' });
      // From 3.0.0 again, the version before it is 2.0.0.
      expect(await host.rollback('counter')).toMatchObject({ version: '2.0.0' });
      await expect(host.rollback('counter', { to: '2.0.0' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: 'counter@2.0.0 is the version serving already.',
      });
      await expect(host.rollback('counter', { to: '9.9.9' })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: 'counter@9.9.9 is not kept in the store.',
        hint: 'Kept versions: 1.0.0, 3.0.0; openclaw-skill rollback counter --to <version>',
      });
    } finally {
      await host.close();
    }
  }, 120_000);
});

describe('remove', () => {
  it("keeps the skill's storage and says where; purge deletes it", async () => {
    const host = await hostWithAllVersions();
    try {
      const storage = join(host.home, 'storage', 'counter');
      await mkdir(storage, { recursive: true });
      await writeFile(join(storage, 'count.json'), '3');
      expect(await host.remove('counter')).toMatchObject({
        action: 'removed',
        storage: { dir: storage, kept: true },
      });
      expect(existsSync(join(storage, 'count.json'))).toBe(true);

      await host.install(tarballs[0]!, { yes: true });
      expect(await host.remove('counter', { purge: true })).toMatchObject({
        action: 'removed',
        storage: { dir: storage, kept: false },
      });
      expect(existsSync(storage)).toBe(false);
    } finally {
      await host.close();
    }
  }, 120_000);
});
