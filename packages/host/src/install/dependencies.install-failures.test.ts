// A skill's dependencies that cannot be installed fail the install with one line naming what
// to fix, and a hint that fits the failure: a `workspace:` range (a folder inside a pnpm
// monorepo, like this repository's skills/weather) is refused before consent and before npm
// runs; a dependency missing from a real registry (verdaccio on loopback) names the package
// and the registry; a registry nobody answers is a connectivity problem.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { startRegistry, type TestRegistry } from '@openclaw/test-utils/verdaccio';
import { createSkillHost, type SkillHost } from '../host.js';
import { npmInstallFailure } from './dependencies.js';
import { rejection } from '../testing/rejection.js';

const WEATHER = resolve(import.meta.dirname, '../../../../skills/weather');
let registry: TestRegistry;
let tmp: string;
let deadRegistry: string;
const hosts: SkillHost[] = [];
const folders: string[] = [];

async function hostAt(registryUrl: string): Promise<SkillHost> {
  const root = await mkdtemp(join(tmp, 'host-'));
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    // npm's own retries of a refused connection wait seconds; one attempt says as much.
    env: { PATH: process.env.PATH ?? '', ...registry.env, npm_config_fetch_retries: '0' },
    config: { runner: 'inline', install: { registry: registryUrl } },
    hostTools: false,
  });
  hosts.push(host);
  return host;
}

async function folderWith(skill: string, dependencies: Record<string, string>) {
  const dir = await writeSkillPackage({ skill, version: '1.0.0', dependencies });
  folders.push(dir);
  return dir;
}

/** Nothing in the store but staging leftovers, and no lockfile. */
async function nothingInstalled(host: SkillHost) {
  const store = await readdir(join(host.home, 'store')).catch(() => []);
  expect(store.filter((e) => !e.startsWith('.'))).toEqual([]);
  expect(existsSync(join(host.home, 'skills.lock.json'))).toBe(false);
}

beforeAll(async () => {
  registry = await startRegistry();
  tmp = await mkdtemp(join(tmpdir(), 'oc-install-deps-'));
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  deadRegistry = `http://127.0.0.1:${(s.address() as { port: number }).port}/`;
  await new Promise<void>((r) => s.close(() => r()));
});
afterAll(async () => {
  for (const h of hosts) await h.close();
  await registry?.close();
  for (const d of [tmp, ...folders]) if (d) await rm(d, { recursive: true, force: true });
});

describe('installing a skill whose dependencies npm cannot install', () => {
  it('a folder with a workspace:* dependency is refused before consent and npm, naming package.json and the field', async () => {
    const dir = await folderWith('monorepo', { '@openclaw/skill-sdk': 'workspace:*' });
    const host = await hostAt(deadRegistry);
    const asked: unknown[] = [];
    const e = await rejection(host.install(dir, { consent: async (s) => (asked.push(s), true) }));
    expect(e).toMatchObject({
      code: 'INSTALL_FAILED',
      message: `${join(dir, 'package.json')}: dependencies["@openclaw/skill-sdk"] is "workspace:*", which only its monorepo understands.`,
      hint: expect.stringContaining('`pnpm pack`'),
      file: join(dir, 'package.json'),
    });
    expect(e.hint).toContain('install the .tgz');
    expect(asked).toEqual([]);
    await nothingInstalled(host);
  });

  it("this repository's skills/weather folder (workspace:*) gets the same one-line refusal", async () => {
    const host = await hostAt(deadRegistry);
    const e = await rejection(host.install(WEATHER, { yes: true }));
    expect(e.code).toBe('INSTALL_FAILED');
    expect(e.message).toBe(
      `${join(WEATHER, 'package.json')}: dependencies["@openclaw/skill-sdk"] is "workspace:*", which only its monorepo understands.`,
    );
    expect(e.message).not.toContain('EUNSUPPORTEDPROTOCOL');
    await nothingInstalled(host);
  });

  it('a catalog: range in optionalDependencies is refused the same way, and a link: range as a local path', async () => {
    const catalog = await writeSkillPackage({ skill: 'cat', version: '1.0.0' });
    folders.push(catalog);
    const host = await hostAt(deadRegistry);
    const pkgFile = join(catalog, 'package.json');
    const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as Record<string, unknown>;
    await writeFile(pkgFile, JSON.stringify({ ...pkg, optionalDependencies: { zod: 'catalog:' } }));
    expect((await rejection(host.install(catalog, { yes: true }))).message).toBe(
      `${pkgFile}: optionalDependencies["zod"] is "catalog:", which only its monorepo understands.`,
    );
    await writeFile(pkgFile, JSON.stringify({ ...pkg, dependencies: { util: 'link:../util' } }));
    const e = await rejection(host.install(catalog, { yes: true }));
    expect(e.message).toBe(
      `${pkgFile}: dependencies["util"] is "link:../util", a local path (${join(catalog, '..', 'util')}): the skill could read whatever is there, so only registry versions are installed.`,
    );
    expect(e.hint).toContain('--allow-local-deps');
    await nothingInstalled(host);
  });
});

describe('a failed npm install of the dependencies', () => {
  it('a dependency missing from the registry (E404) names the package and the registry, in one line', async () => {
    const dir = await folderWith('needy', { 'oc-no-such-dependency': '^1.0.0' });
    const host = await hostAt(registry.url);
    const e = await rejection(host.install(dir, { yes: true }));
    expect(e).toMatchObject({
      code: 'INSTALL_FAILED',
      message: `Installing the skill's dependencies failed: oc-no-such-dependency is not on the registry ${registry.url} (E404).`,
      hint: expect.stringContaining(`Publish the dependency to ${registry.url}`),
      details: { npmCode: 'E404' },
    });
    expect(e.message).not.toContain('\n');
    await nothingInstalled(host);
  });

  it('a registry that refuses connections is a connectivity problem (ECONNREFUSED), in one line', async () => {
    const dir = await folderWith('offline', { 'oc-no-such-dependency': '^1.0.0' });
    const host = await hostAt(deadRegistry);
    const e = await rejection(host.install(dir, { yes: true }));
    expect(e).toMatchObject({
      code: 'INSTALL_FAILED',
      message: `Installing the skill's dependencies failed: npm could not reach the registry ${deadRegistry} (ECONNREFUSED).`,
      hint: expect.stringContaining('connectivity problem'),
    });
    await nothingInstalled(host);
  });
});

describe('npmInstallFailure (npm stderr to one line)', () => {
  it('another failure is its first `npm error` line, without the code lines, stack or log path', () => {
    const stderr = [
      'npm error code EUNSUPPORTEDPROTOCOL',
      'npm error Unsupported URL Type "workspace:": workspace:*',
      'npm error A complete log of this run can be found in: /tmp/c/_logs/debug-0.log',
    ].join('\n');
    expect(npmInstallFailure(stderr, 'http://127.0.0.1:9/')).toMatchObject({
      code: 'EUNSUPPORTEDPROTOCOL',
      message: 'Unsupported URL Type "workspace:": workspace:*',
    });
  });

  it('a registry URL with credentials is shown without them', () => {
    const stderr = 'npm error code ENOTFOUND\nnpm error syscall getaddrinfo';
    const r = npmInstallFailure(stderr, 'https://user:s3cret-pass@registry.example.test/npm/');
    expect(r.message).toBe(
      'npm could not reach the registry https://registry.example.test/npm/ (ENOTFOUND).',
    );
  });
});
