// Installing a code skill against a real registry (verdaccio on loopback): npm sees a
// package.json without devDependencies or scripts (a devDependency missing from the registry
// does not fail the install; `info` keeps what was removed), and a second skill with the same
// dependency ranges gets the first one's packages as hard links to one read-only copy, unless
// the registry has a newer version in range, which npm then installs.
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { testLogger } from '@openclaw/test-utils/test-logger';
import { createSkillHost, type SkillHost } from '../host.js';

let tmp: string;
let registry: TestRegistry;
let host: SkillHost;

const usesLib = (skill: string) => `
import { libVersion } from 'oc-dep-lib';
export default {
  createTools() {
    return { '${skill}.version': async () => ({ lib: libVersion }) };
  },
};
`;

async function publishLib(version: string) {
  const dir = join(tmp, `lib-${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'oc-dep-lib', version, type: 'module', exports: './index.js' }),
  );
  await writeFile(join(dir, 'index.js'), `export const libVersion = '${version}';\n`);
  await registry.publish(dir);
}

async function publishSkill(skill: string) {
  const dir = await writeSkillPackage({
    skill,
    version: '1.0.0',
    code: usesLib(skill),
    dependencies: { 'oc-dep-lib': '^1.0.0' },
    // Neither is on the registry: npm must never see them.
    scripts: { test: 'vitest run', postinstall: 'node setup.js' },
  });
  const pkgFile = join(dir, 'package.json');
  const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as Record<string, unknown>;
  pkg.devDependencies = { '@openclaw/skill-cli': '9.9.9', 'not-on-this-registry': '1.0.0' };
  await writeFile(pkgFile, JSON.stringify(pkg, null, 2));
  await registry.publish(dir);
}

const libFile = (skill: string) =>
  join(host.home, 'store', skill, '1.0.0', 'node_modules', 'oc-dep-lib', 'index.js');

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-shared-deps-'));
  registry = await startRegistry();
  await publishLib('1.0.0');
  for (const s of ['alpha', 'beta', 'gamma']) await publishSkill(s);
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

describe('installing a skill with dependencies', () => {
  it('installs with devDependencies missing from the registry, and records what it removed', async () => {
    const r = await host.install('oc-skill-alpha@1.0.0', { yes: true });
    expect(r.action).toBe('installed');
    const call = await host.call({ name: 'alpha.version', input: {} });
    expect(call.isError).toBe(false);
    expect(call).toMatchObject({ isError: false, structured: { lib: '1.0.0' } });
    const pkg = JSON.parse(
      await readFile(join(host.home, 'store', 'alpha', '1.0.0', 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(pkg.devDependencies).toBeUndefined();
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.openclawRemoved).toEqual({
      devDependencies: { '@openclaw/skill-cli': '9.9.9', 'not-on-this-registry': '1.0.0' },
      scripts: { test: 'vitest run', postinstall: 'node setup.js' },
    });
  }, 60_000);

  it('makes the installed dependency files read-only', async () => {
    expect((await stat(libFile('alpha'))).mode & 0o222).toBe(0);
  });

  it('gives a second skill with the same ranges hard links to the same files, without npm', async () => {
    await host.install('oc-skill-beta@1.0.0', { yes: true });
    const [a, b] = await Promise.all([stat(libFile('alpha')), stat(libFile('beta'))]);
    expect(b.ino).toBe(a.ino);
    expect(b.nlink).toBeGreaterThanOrEqual(3); // alpha, beta and the shared copy
    // npm writes its hidden lockfile; linking a recorded tree does not run npm at all.
    await expect(
      stat(join(host.home, 'store', 'beta', '1.0.0', 'node_modules', '.package-lock.json')),
    ).rejects.toThrow();
    const call = await host.call({ name: 'beta.version', input: {} });
    expect(call).toMatchObject({ isError: false, structured: { lib: '1.0.0' } });
  }, 60_000);

  it('installs the newer version in range with npm when the registry has one', async () => {
    await publishLib('1.1.0');
    await host.install('oc-skill-gamma@1.0.0', { yes: true });
    const call = await host.call({ name: 'gamma.version', input: {} });
    expect(call).toMatchObject({ isError: false, structured: { lib: '1.1.0' } });
    const [a, g] = await Promise.all([stat(libFile('alpha')), stat(libFile('gamma'))]);
    expect(g.ino).not.toBe(a.ino);
  }, 60_000);
});
