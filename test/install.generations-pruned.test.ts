// Old generations do not pile up: after each install, update or rollback the store keeps the
// serving version plus install.keepGenerations older ones (default 2), from tarballs on disk.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { packSkillVersions } from './support/skill-packages.js';

const VERSIONS = ['1.0.0', '2.0.0', '3.0.0', '4.0.0', '5.0.0'];
let root: string;
const tarballs: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-generations-'));
  tarballs.push(...(await packSkillVersions(root, 'counter', VERSIONS)));
}, 120_000);
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function newHost(keepGenerations?: number): Promise<SkillHost> {
  const dir = await mkdtemp(join(root, 'host-'));
  return createSkillHost({
    home: join(dir, 'home'),
    workspace: join(dir, 'ws'),
    userHome: join(dir, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    config: {
      runner: 'inline',
      ...(keepGenerations !== undefined && { install: { keepGenerations } }),
    },
    hostTools: false,
  });
}

const versionsIn = async (host: SkillHost) =>
  (await readdir(join(host.home, 'store', 'counter')))
    .filter((n) => /^\d+\.\d+\.\d+$/.test(n))
    .sort();

describe('generations kept in the store', () => {
  it('five updates keep the serving version and the two before it (default keepGenerations 2)', async () => {
    const host = await newHost();
    try {
      for (const t of tarballs) await host.install(t, { yes: true });
      expect(await versionsIn(host)).toEqual(['3.0.0', '4.0.0', '5.0.0']);
      const back = await host.rollback('counter');
      expect(back).toMatchObject({ version: '4.0.0', previousVersion: '5.0.0' });
      expect(await versionsIn(host)).toEqual(['3.0.0', '4.0.0', '5.0.0']);
    } finally {
      await host.close();
    }
  }, 120_000);

  it('keepGenerations 0 keeps only the serving version, and rollback then says there is none', async () => {
    const host = await newHost(0);
    try {
      for (const t of tarballs.slice(0, 3)) await host.install(t, { yes: true });
      expect(await versionsIn(host)).toEqual(['3.0.0']);
      await expect(host.rollback('counter')).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: 'counter has no previous version to roll back to.',
      });
    } finally {
      await host.close();
    }
  }, 120_000);
});
