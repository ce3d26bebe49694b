// A skill's dependencies are registry ranges only. A package whose dependencies name a folder
// (`file:`, `link:`), a git repository, a tarball URL or an npm: alias is refused before
// consent and before anything is written to the store, naming package.json, the field and the
// dependency. With allowLocalDeps (the CLI's --allow-local-deps) a folder dependency installs,
// the consent lists its real path, the store records it, and the sandbox reads exactly that.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { testLogger } from '@openclaw/test-utils/test-logger';
import { createSkillHost, type SkillHost } from '../host.js';
import { rejection } from '../testing/rejection.js';
import type { InstallSummary } from './types.js';

const SSH_SECRET = 'FAKE-SSH-KEY-DEPS-5e0b';
/** Plain text (a PEM block would be redacted from results), readable once consented. */
const NOTE = 'local-checkout-note-31c7';
let tmp: string;
let fakeSsh: string;
let deadRegistry: string;
const hosts: SkillHost[] = [];

/** A tool that reads the file it is given (relative paths start at the skill's folder). */
const reader = (skill: string) => `
import { readFileSync } from 'node:fs';
export default {
  createTools() {
    return {
      '${skill}.version': ({ path }) => readFileSync(new URL(path, import.meta.url), 'utf8'),
    };
  },
};
`;

async function hostIn(root: string): Promise<SkillHost> {
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    // No registry answers: a refused range must fail before npm would ask one.
    env: { PATH: process.env.PATH ?? '', npm_config_fetch_retries: '0' },
    config: { install: { registry: deadRegistry } },
    hostTools: false,
    logger: testLogger().logger,
  });
  hosts.push(host);
  return host;
}

const packages: string[] = [];
async function skillWith(skill: string, dependencies: Record<string, string>) {
  const dir = await writeSkillPackage({
    skill,
    version: '1.0.0',
    dependencies,
    code: reader(skill),
  });
  packages.push(dir);
  return dir;
}

/** No skill folder, no staging leftover, no lockfile: nothing was written. */
async function storeUntouched(host: SkillHost) {
  const store = join(host.home, 'store');
  expect((await readdir(store).catch(() => [])).filter((e) => e !== '.staging')).toEqual([]);
  expect(await readdir(join(store, '.staging')).catch(() => [])).toEqual([]);
  expect(existsSync(join(host.home, 'skills.lock.json'))).toBe(false);
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-deps-registry-only-'));
  fakeSsh = join(tmp, 'fake-ssh');
  await mkdir(fakeSsh);
  await writeFile(join(fakeSsh, 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SSH_SECRET}\n`);
  await writeFile(join(fakeSsh, 'notes.txt'), NOTE);
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  deadRegistry = `http://127.0.0.1:${(s.address() as { port: number }).port}/`;
  await new Promise<void>((r) => s.close(() => r()));
});
afterAll(async () => {
  for (const h of hosts) await h.close();
  for (const d of [tmp, ...packages]) if (d) await rm(d, { recursive: true, force: true });
});

describe('a dependency that is not a registry range', () => {
  it('"sshdir": "file:<tmp>/fake-ssh" is refused before consent, naming package.json, the field and the dependency, and nothing is written to the store', async () => {
    const range = `file:${fakeSsh}`;
    const dir = await skillWith('sshdep', { sshdir: range });
    const host = await hostIn(await mkdtemp(join(tmp, 'h-')));
    const asked: unknown[] = [];
    const e = await rejection(host.install(dir, { consent: async (s) => (asked.push(s), true) }));
    expect(e).toMatchObject({
      code: 'INSTALL_FAILED',
      message: `${join(dir, 'package.json')}: dependencies["sshdir"] is "${range}", a local path (${fakeSsh}): the skill could read whatever is there, so only registry versions are installed.`,
      file: join(dir, 'package.json'),
      details: { field: 'dependencies', dependency: 'sshdir', range },
    });
    expect(e.hint).toContain('--allow-local-deps');
    expect(asked).toEqual([]);
    await storeUntouched(host);
  });

  it.each([
    ['link:', `link:${join('..', 'fake-ssh')}`, 'a local path'],
    ['github:', 'github:attacker/exfil', 'a git repository'],
    ['git+https:', 'git+https://github.com/attacker/exfil.git', 'a git repository'],
    ['user/repo shorthand', 'attacker/exfil', 'a git repository'],
    ['an https tarball URL', 'https://attacker.invalid/exfil-1.0.0.tgz', 'a tarball URL'],
    ['an npm: alias', 'npm:left-pad@^1.3.0', 'an npm: alias'],
  ])(
    'a %s range is refused the same way, naming the dependency; nothing is written',
    async (_kind, range, what) => {
      const dir = await skillWith('otherdep', { exfil: range });
      const host = await hostIn(await mkdtemp(join(tmp, 'h-')));
      const e = await rejection(host.install(dir, { yes: true }));
      expect(e.code).toBe('INSTALL_FAILED');
      expect(e.message).toContain(
        `${join(dir, 'package.json')}: dependencies["exfil"] is ${JSON.stringify(range)}, ${what}`,
      );
      expect(e.details).toMatchObject({ field: 'dependencies', dependency: 'exfil' });
      expect(e.hint).toContain('--allow-local-deps');
      await storeUntouched(host);
    },
  );

  it('a file: range in overrides is refused even with allowLocalDeps, naming overrides', async () => {
    const dir = await skillWith('overrides', {});
    const pkgFile = join(dir, 'package.json');
    const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as Record<string, unknown>;
    await writeFile(pkgFile, JSON.stringify({ ...pkg, overrides: { semver: `file:${fakeSsh}` } }));
    const host = await hostIn(await mkdtemp(join(tmp, 'h-')));
    const e = await rejection(host.install(dir, { yes: true, allowLocalDeps: true }));
    expect(e.message).toBe(
      `${pkgFile}: overrides["semver"] is "file:${fakeSsh}", a local path (${fakeSsh}): only registry versions are installed.`,
    );
    await storeUntouched(host);
  });
});

// Each install packs the folder and runs npm: seconds each on a loaded machine.
describe('allowLocalDeps (--allow-local-deps)', { timeout: 90_000 }, () => {
  it('installs a file: folder through a symlinked path, lists its real path at consent and in the lockfile, and the sandboxed skill reads exactly it', async () => {
    // The range names a link to the folder; the consent must name where it really is.
    const alias = join(tmp, 'looks-harmless');
    await symlink(fakeSsh, alias);
    const dir = await skillWith('localdep', { sshdir: `file:${alias}` });
    const root = await mkdtemp(join(tmp, 'h-'));
    const host = await hostIn(root);
    let seen: InstallSummary | undefined;
    const r = await host.install(dir, {
      allowLocalDeps: true,
      consent: async (s) => ((seen = s), true),
    });
    expect(r.action).toBe('installed');
    expect(seen?.localDependencies).toEqual([
      { name: 'sshdir', field: 'dependencies', range: `file:${alias}`, path: fakeSsh },
    ]);
    const lock = JSON.parse(await readFile(join(root, 'home', 'skills.lock.json'), 'utf8')) as {
      skills: Record<string, { localDependencies?: Record<string, string> }>;
    };
    expect(lock.skills.localdep?.localDependencies).toEqual({ sshdir: fakeSsh });
    const read = await host.call({
      name: 'localdep.version',
      input: { path: './node_modules/sshdir/notes.txt' },
    });
    expect(read.isError ? `${read.code}: ${read.message}` : read.text).toContain(NOTE);
  });

  it('update of a skill with a local dependency is refused without allowLocalDeps and goes through with it', async () => {
    const dir = await skillWith('updatable', { sshdir: `file:${fakeSsh}` });
    const host = await hostIn(await mkdtemp(join(tmp, 'h-')));
    await host.install(dir, { yes: true, allowLocalDeps: true });
    const pkgFile = join(dir, 'package.json');
    const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as Record<string, unknown>;
    await writeFile(pkgFile, JSON.stringify({ ...pkg, version: '1.1.0' }));
    const manifestFile = join(dir, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, version: '1.1.0' }));
    const refused = await rejection(host.update('updatable', { yes: true }));
    expect(refused.code).toBe('INSTALL_FAILED');
    expect(refused.details).toMatchObject({ dependency: 'sshdir' });
    const [updated] = await host.update('updatable', { yes: true, allowLocalDeps: true });
    expect(updated).toMatchObject({
      action: 'updated',
      version: '1.1.0',
      previousVersion: '1.0.0',
    });
  });
});
