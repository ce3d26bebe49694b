import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { npmRegistry, prepareLockfile, withResolved, type Lockfile } from './lockfile.js';
import { templateLockfile } from './lockfile.fixtures.js';

const REGISTRY = 'http://127.0.0.1:4873/';

describe('npmRegistry', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oc-lockfile-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('takes the registry npm passes in npm_config_registry, ending it with a slash', () => {
    expect(npmRegistry({ npm_config_registry: 'http://127.0.0.1:4873' })).toBe(REGISTRY);
  });

  it("reads npm's default from the config definitions of the npm in npm_execpath", async () => {
    const npm = join(dir, 'npm');
    const defs = join(npm, 'node_modules/@npmcli/config/lib');
    await mkdir(join(npm, 'bin'), { recursive: true });
    await mkdir(defs, { recursive: true });
    await writeFile(
      join(defs, 'definitions.js'),
      `module.exports = { definitions: { registry: { default: 'http://127.0.0.1:9/npm' } } };`,
    );
    expect(npmRegistry({ npm_execpath: join(npm, 'bin/npm-cli.js') })).toBe(
      'http://127.0.0.1:9/npm/',
    );
  });

  it('is undefined when npm did not run the scaffolder or its definitions cannot be read', () => {
    expect(npmRegistry({})).toBeUndefined();
    expect(npmRegistry({ npm_execpath: join(dir, 'bin/npm-cli.js') })).toBeUndefined();
  });
});

describe('withResolved', () => {
  it("writes each registry package's tarball URL in the registry layout, scoped and nested too", () => {
    const { packages } = withResolved(templateLockfile(), REGISTRY, {});
    expect(packages['node_modules/ajv']!.resolved).toBe(`${REGISTRY}ajv/-/ajv-8.20.0.tgz`);
    expect(packages['node_modules/@openclaw/skill-sdk']!.resolved).toBe(
      `${REGISTRY}@openclaw/skill-sdk/-/skill-sdk-0.3.0.tgz`,
    );
    expect(packages['node_modules/vite/node_modules/@types/estree']!.resolved).toBe(
      `${REGISTRY}@types/estree/-/estree-1.0.8.tgz`,
    );
  });

  it('leaves the root, links and entries that already have a URL as they are', () => {
    const lock = templateLockfile();
    const { packages } = withResolved(lock, REGISTRY, {});
    expect(packages['']).toEqual(lock.packages['']);
    expect(packages['node_modules/local-thing']).toEqual(lock.packages['node_modules/local-thing']);
  });

  it('leaves packages of a scope with a registry of its own for npm to resolve', () => {
    const { packages } = withResolved(templateLockfile(), REGISTRY, {
      'npm_config_@openclaw:registry': 'http://127.0.0.1:5000/',
    });
    expect(packages['node_modules/@openclaw/skill-sdk']!.resolved).toBeUndefined();
    expect(packages['node_modules/@types/node']).toBeUndefined();
    expect(packages['node_modules/vite/node_modules/@types/estree']!.resolved).toBeDefined();
  });
});

describe('prepareLockfile', () => {
  let dir: string;
  const file = () => join(dir, 'package-lock.json');
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oc-lockfile-'));
    await writeFile(file(), JSON.stringify(templateLockfile()));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes the URLs for the registry npm installs from', async () => {
    const env = { npm_config_registry: REGISTRY };
    await prepareLockfile({ targetDir: dir, npm: true, checkout: false, env });
    const lock = JSON.parse(await readFile(file(), 'utf8')) as Lockfile;
    expect(lock).toEqual(withResolved(templateLockfile(), REGISTRY, env));
  });

  it('keeps the lockfile without URLs when the registry is unknown (npm then asks for them)', async () => {
    await prepareLockfile({ targetDir: dir, npm: true, checkout: false, env: {} });
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual(templateLockfile());
  });

  it('removes it for another package manager and for a skill wired to a checkout', async () => {
    const env = { npm_config_registry: REGISTRY };
    await prepareLockfile({ targetDir: dir, npm: false, checkout: false, env });
    expect(existsSync(file())).toBe(false);
    await writeFile(file(), JSON.stringify(templateLockfile()));
    await prepareLockfile({ targetDir: dir, npm: true, checkout: true, env });
    expect(existsSync(file())).toBe(false);
  });

  it('does nothing for a template without a lockfile', async () => {
    await rm(file());
    await prepareLockfile({ targetDir: dir, npm: true, checkout: false, env: {} });
    expect(existsSync(file())).toBe(false);
  });
});
