// What the consent screen warns about (a package named unlike its skill, a skill of the same
// name in another source) and what a refused install leaves behind (nothing: no store folder,
// no staging folder), with tarballs on disk and no registry.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type InstallSummary, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage, type PackageOptions } from './support/skill-packages.js';

const exec = promisify(execFile);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-consent-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function newHost(o: { sources?: string[] } = {}): Promise<SkillHost> {
  const dir = await mkdtemp(join(root, 'host-'));
  await mkdir(join(dir, 'ws', 'skills'), { recursive: true });
  return createSkillHost({
    home: join(dir, 'home'),
    workspace: join(dir, 'ws'),
    userHome: join(dir, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    config: { runner: 'inline', ...(o.sources && { sources: o.sources }) },
    hostTools: false,
  });
}

/** A tarball made with tar itself, so it may hold what npm pack would leave out. */
async function tarball(o: PackageOptions, extra?: (dir: string) => Promise<void>) {
  const dir = await writeSkillPackage(o);
  await extra?.(dir);
  const out = join(root, `${o.skill}-${o.version}-${Math.random().toString(36).slice(2)}.tgz`);
  await exec('tar', ['czf', out, '--transform', 's,^\\.,package,', '-C', dir, '.']);
  return out;
}

const nothingLeft = async (host: SkillHost, name: string) => {
  expect(existsSync(join(host.home, 'store', name))).toBe(false);
  expect(await readdir(join(host.home, 'store', '.staging')).catch(() => [])).toEqual([]);
};

async function summaryOf(host: SkillHost, spec: string): Promise<InstallSummary> {
  let seen: InstallSummary | undefined;
  await host
    .install(spec, {
      consent: async (s) => {
        seen = s;
        return false;
      },
    })
    .catch(() => undefined);
  return seen!;
}

describe('consent warnings', () => {
  it('warns when the package name is not the skill name (or <prefix>-<name>), naming both', async () => {
    const host = await newHost();
    try {
      const odd = await tarball({ skill: 'counter', package: 'weather-tools', version: '1.0.0' });
      const s = await summaryOf(host, odd);
      expect(s.warnings).toContainEqual(
        expect.objectContaining({
          code: 'NAME_MISMATCH',
          message: expect.stringMatching(/weather-tools installs a skill named "counter"/),
        }),
      );
      const usual = await tarball({
        skill: 'counter',
        package: '@acme/oc-counter',
        version: '1.0.0',
      });
      expect((await summaryOf(host, usual)).warnings.map((w) => w.code)).not.toContain(
        'NAME_MISMATCH',
      );
      await nothingLeft(host, 'counter');
    } finally {
      await host.close();
    }
  });

  it('warns when a workspace skill of the same name shadows it, naming that folder', async () => {
    const host = await newHost();
    try {
      const ws = join(host.home, '..', 'ws', 'skills', 'counter');
      await mkdir(ws, { recursive: true });
      await writeFile(join(ws, 'SKILL.md'), '---\nname: counter\ndescription: Mine.\n---\n');
      await host.rescan();
      const s = await summaryOf(host, await tarball({ skill: 'counter', version: '1.0.0' }));
      expect(s.warnings).toContainEqual(
        expect.objectContaining({
          code: 'SHADOWED_BY_SKILL',
          message: expect.stringContaining(`${ws} (workspace) shadows it`),
        }),
      );
    } finally {
      await host.close();
    }
  });

  it('warns when it shadows a skill of the same name from an extra source folder', async () => {
    const extra = await mkdtemp(join(root, 'extra-'));
    await mkdir(join(extra, 'counter'));
    await writeFile(
      join(extra, 'counter', 'SKILL.md'),
      '---\nname: counter\ndescription: Extra.\n---\n',
    );
    const host = await newHost({ sources: [extra] });
    try {
      const s = await summaryOf(host, await tarball({ skill: 'counter', version: '1.0.0' }));
      expect(s.warnings).toContainEqual(
        expect.objectContaining({
          code: 'SHADOWS_SKILL',
          message: expect.stringContaining(`${join(extra, 'counter')} (extra)`),
        }),
      );
    } finally {
      await host.close();
    }
  });
});

describe('a refused install leaves no folder behind', () => {
  it('an entry module that is a symlink (dropped on unpack) fails to load, and no store/<name>/ is left', async () => {
    const host = await newHost();
    try {
      const spec = await tarball({ skill: 'linked', version: '1.0.0' }, async (dir) => {
        await rm(join(dir, 'index.js'));
        await symlink('/etc/hostname', join(dir, 'index.js'));
      });
      await expect(host.install(spec, { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: expect.stringContaining('linked@1.0.0 failed to load'),
      });
      await nothingLeft(host, 'linked');
    } finally {
      await host.close();
    }
  });

  it('a module that throws on import is refused on a first install, and no store/<name>/ is left', async () => {
    const host = await newHost();
    try {
      const spec = await tarball({
        skill: 'thrower',
        version: '1.0.0',
        code: 'throw new Error("boom at import");',
      });
      await expect(host.install(spec, { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: expect.stringContaining('boom at import'),
      });
      await nothingLeft(host, 'thrower');
    } finally {
      await host.close();
    }
  });

  it('a 300 MiB file is refused naming the file, its size and the decompression-ratio limit it hit', async () => {
    const host = await newHost();
    try {
      const spec = await tarball({ skill: 'bulky', version: '1.0.0' }, async (dir) => {
        await writeFile(join(dir, 'big.bin'), '');
        await truncate(join(dir, 'big.bin'), 300 * 1024 * 1024);
      });
      const err = await host.install(spec, { yes: true }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: 'INSTALL_FAILED',
        message: expect.stringMatching(
          /big\.bin \(300\.0 MiB\) unpacks to more than 1000 times the tarball's compressed size/,
        ),
        hint: expect.stringContaining('not a setting'),
      });
      await nothingLeft(host, 'bulky');
    } finally {
      await host.close();
    }
  }, 60_000);
});
