// Collection of shared dependency copies after real changes, against a loopback registry
// (verdaccio): a copy stays while any installed version links to it, including a version
// kept for rollback, and goes (with the tree record naming it) once none does.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { testLogger } from '@openclaw/test-utils/test-logger';
import { createSkillHost, type SkillHost } from '../host.js';
import { sharedSize } from './shared-gc.js';

let tmp: string;
let registry: TestRegistry;
let host: SkillHost;

const usesLib = (skill: string, lib: string) => `
import { libVersion } from '${lib}';
export default {
  createTools() {
    return { '${skill}.version': async () => ({ lib: libVersion }) };
  },
};
`;

async function publishLib(name: string, version: string) {
  const dir = join(tmp, `${name}-${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name, version, type: 'module', exports: './index.js' }),
  );
  await writeFile(join(dir, 'index.js'), `export const libVersion = '${name}@${version}';\n`);
  await registry.publish(dir);
}

async function publishSkill(skill: string, version: string, lib: string) {
  const dir = await writeSkillPackage({
    skill,
    version,
    code: usesLib(skill, lib),
    dependencies: { [lib]: '^1.0.0' },
  });
  await registry.publish(dir);
}

const shared = (sub: 'pkg' | 'trees') =>
  readdir(join(host.home, 'store', '.shared', sub)).catch(() => [] as string[]);

async function callLib(skill: string) {
  return host.call({ name: `${skill}.version`, input: {} });
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-shared-gc-'));
  registry = await startRegistry();
  await publishLib('oc-gc-lib', '1.0.0');
  await publishLib('oc-gc-other', '1.0.0');
  await publishSkill('alpha', '1.0.0', 'oc-gc-lib');
  await publishSkill('beta', '1.0.0', 'oc-gc-lib');
  await publishSkill('gamma', '1.0.0', 'oc-gc-lib');
  await publishSkill('gamma', '2.0.0', 'oc-gc-other');
  host = await createSkillHost({
    home: join(tmp, 'home'),
    workspace: join(tmp, 'ws'),
    userHome: join(tmp, 'user'),
    env: { PATH: process.env.PATH ?? '', ...registry.env, HOME: join(tmp, 'user') },
    config: { runner: 'inline', install: { registry: registry.url } },
    hostTools: false,
    logger: testLogger().logger,
  });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await registry?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('shared dependency copies after remove, update and rollback', () => {
  it('keeps the copy two skills share when one of them is removed', async () => {
    await host.install('oc-skill-alpha@1.0.0', { yes: true });
    await host.install('oc-skill-beta@1.0.0', { yes: true });
    expect(await shared('pkg')).toHaveLength(1);
    await host.remove('alpha');
    expect(await shared('pkg')).toHaveLength(1);
    expect(await shared('trees')).toHaveLength(1);
    expect(await callLib('beta')).toMatchObject({
      isError: false,
      structured: { lib: 'oc-gc-lib@1.0.0' },
    });
  }, 60_000);

  it('removes the copy and its tree record once the last skill linking to it is removed', async () => {
    await host.remove('beta');
    expect(await shared('pkg')).toEqual([]);
    expect(await shared('trees')).toEqual([]);
    expect(await sharedSize(join(host.home, 'store'))).toEqual({
      packages: 0,
      bytes: 0,
      unusedPackages: 0,
      unusedBytes: 0,
    });
  }, 60_000);

  it('keeps the copy a version kept for rollback links to, after an update to a version without it', async () => {
    await host.install('oc-skill-gamma@1.0.0', { yes: true });
    await host.update('gamma', { yes: true, latest: true });
    expect(await callLib('gamma')).toMatchObject({ structured: { lib: 'oc-gc-other@1.0.0' } });
    // oc-gc-lib (kept gamma@1.0.0) and oc-gc-other (serving gamma@2.0.0).
    expect(await shared('pkg')).toHaveLength(2);
    await host.rollback('gamma');
    expect(await callLib('gamma')).toMatchObject({
      isError: false,
      structured: { lib: 'oc-gc-lib@1.0.0' },
    });
  }, 60_000);

  it('removes every copy with the skill and all its kept versions', async () => {
    await host.remove('gamma');
    expect(await shared('pkg')).toEqual([]);
    expect(await shared('trees')).toEqual([]);
  }, 60_000);
});
