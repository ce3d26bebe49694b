// The monorepo's own release flow, on a copy of this repository in a temp folder (the
// checkout is never touched): a changeset, then `pnpm release` (changeset version, manifest
// versions, build, pnpm publish -r, changeset tag) against real registries on loopback
// (verdaccio). The target is printed first and npm's public registry is refused without
// --public; a registry that refuses one package midway leaves versions, changesets and
// CHANGELOGs as they were; a release that goes through publishes every public package at its
// new version with the changeset's text in its changelog, no `workspace:` range, and tags.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistry, type TestRegistry } from './support/verdaccio.js';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const PUBLIC = [
  ['packages/sdk', '@openclaw/skill-sdk'],
  ['packages/host', '@openclaw/skill-host'],
  ['packages/cli', '@openclaw/skill-cli'],
  ['packages/create-openclaw-skill', 'create-openclaw-skill'],
  ['skills/weather', '@openclaw/skill-weather'],
  ['skills/gmail', '@openclaw/skill-gmail'],
] as const;

let registry: TestRegistry;
let refusing: TestRegistry;
let tmp: string;
let repo: string;
const versionOf = async (dir: string, file = 'package.json') =>
  (JSON.parse(await readFile(join(dir, file), 'utf8')) as { version: string }).version;

/** The checkout's files (tracked, and new ones not ignored), copied; node_modules installed offline. */
async function copyRepo(to: string): Promise<void> {
  const { stdout } = await exec(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, maxBuffer: 64 << 20 },
  );
  const files = stdout.split('\0').filter(Boolean);
  for (const f of files) {
    await mkdir(dirname(join(to, f)), { recursive: true });
    // A tracked file deleted in the checkout is not copied.
    await cp(join(ROOT, f), join(to, f)).catch(() => undefined);
  }
  await exec('pnpm', ['install', '--offline', '--frozen-lockfile'], {
    cwd: to,
    env: { ...process.env, CI: 'true' },
    maxBuffer: 64 << 20,
  });
}

let statusBefore: string;
beforeAll(async () => {
  statusBefore = (await exec('git', ['status', '--porcelain'], { cwd: ROOT })).stdout;
  registry = await startRegistry();
  refusing = await startRegistry({ refusePublish: ['@openclaw/skill-gmail'] });
  tmp = await mkdtemp(join(tmpdir(), 'oc-release-'));
  repo = join(tmp, 'repo');
  await copyRepo(repo);
  const git = (...args: string[]) => exec('git', args, { cwd: repo });
  await git('init', '-q');
  await git('add', '-A');
  await git(
    '-c',
    'user.name=release test',
    '-c',
    'user.email=test@example.invalid',
    'commit',
    '-qm',
    'base',
  );
}, 300_000);

afterAll(async () => {
  await registry?.close();
  await refusing?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The files a release may rewrite, as text (null for absent), to compare before and after. */
async function releaseFiles(): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  const changesets = (await readdir(join(repo, '.changeset'))).filter((f) => f.endsWith('.md'));
  const files = [
    ...changesets.map((f) => `.changeset/${f}`),
    ...PUBLIC.flatMap(([dir]) =>
      ['package.json', 'manifest.json', 'CHANGELOG.md'].map((f) => `${dir}/${f}`),
    ),
  ];
  for (const f of files) out[f] = await readFile(join(repo, f), 'utf8').catch(() => null);
  return out;
}

/** `pnpm release` in the copy; never throws, so refusals can be asserted. */
async function release(args: string[], env: NodeJS.ProcessEnv) {
  return exec('pnpm', ['release', ...args], { cwd: repo, env, maxBuffer: 64 << 20 }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

describe('pnpm release refuses before it changes anything', () => {
  it("prints npm's public registry as the target and refuses it without --public, leaving every file as it was", async () => {
    const home = join(tmp, 'empty-home');
    await mkdir(home, { recursive: true });
    const npmrc = join(home, '.npmrc');
    await writeFile(npmrc, '');
    const before = await releaseFiles();
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)),
    );
    const r = await release([], { ...env, HOME: home, npm_config_userconfig: npmrc, CI: 'true' });
    expect(r.code).toBe(1);
    const target = /Release target: (\S+)/.exec(r.stdout)?.[1];
    expect(target).toMatch(/^https:\/\//);
    expect(r.stdout.trimStart().startsWith('Release target:')).toBe(true);
    expect(r.stderr).toContain("is npm's public registry. Pass --public");
    expect(r.stderr).toContain('pnpm registry:local');
    expect(await releaseFiles()).toEqual(before);
  }, 120_000);

  it('a registry that refuses one package midway leaves versions, changesets and CHANGELOGs as they were', async () => {
    await writeFile(
      join(repo, '.changeset', 'refused-gmail.md'),
      "---\n'@openclaw/skill-gmail': patch\n---\n\nA release the registry refuses.\n",
    );
    const before = await releaseFiles();
    const r = await release(['--registry', refusing.url], { ...refusing.env, CI: 'true' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Release target: ${refusing.url}`);
    expect(r.stderr).toContain('Versions, changesets and CHANGELOGs are as they were');
    expect(await releaseFiles()).toEqual(before);
    await rm(join(repo, '.changeset', 'refused-gmail.md'));
  }, 600_000);
});

describe('pnpm release', () => {
  const before = new Map<string, string>();
  let output = '';

  it('versions the packages from the changesets, syncs manifest versions and publishes every public package to the configured registry', async () => {
    for (const [dir] of PUBLIC) before.set(dir, await versionOf(join(repo, dir)));
    await writeFile(
      join(repo, '.changeset', 'release-test.md'),
      "---\n'@openclaw/skill-weather': patch\n---\n\nRelease test: a note only this test writes.\n",
    );
    const r = await exec('pnpm', ['release'], {
      cwd: repo,
      // The registry and its token come from npm's configuration (here the suite's npmrc).
      env: { ...registry.env, CI: 'true' },
      maxBuffer: 64 << 20,
    });
    output = r.stdout + r.stderr;
    expect(r.stdout.trimStart().startsWith(`Release target: ${registry.url}`)).toBe(true);
    const pending = (await readdir(join(repo, '.changeset'))).filter((f) => f.endsWith('.md'));
    expect(pending).toEqual([]);
    for (const [dir] of PUBLIC) {
      const v = await versionOf(join(repo, dir));
      expect(v, dir).not.toBe(before.get(dir));
    }
    const weather = join(repo, 'skills/weather');
    expect(await readFile(join(weather, 'CHANGELOG.md'), 'utf8')).toContain(
      'Release test: a note only this test writes.',
    );
    expect(await versionOf(weather, 'manifest.json')).toBe(await versionOf(weather));
    expect(await versionOf(join(repo, 'skills/gmail'), 'manifest.json')).toBe(
      await versionOf(join(repo, 'skills/gmail')),
    );
  }, 600_000);

  it('the registry has each new version, with internal dependencies as exact versions, no workspace: range, and a scaffolder without dependencies', async () => {
    expect(output).not.toContain('ERR_PNPM');
    const sdkVersion = await versionOf(join(repo, 'packages/sdk'));
    for (const [dir, name] of PUBLIC) {
      const version = await versionOf(join(repo, dir));
      const res = await fetch(new URL(name.replace('/', '%2f'), registry.url));
      expect(res.status, name).toBe(200);
      const doc = (await res.json()) as { versions: Record<string, Record<string, unknown>> };
      const published = doc.versions[version];
      expect(published, `${name}@${version}`).toBeDefined();
      expect(JSON.stringify(published)).not.toContain('workspace:');
      const deps = published!.dependencies as Record<string, string> | undefined;
      // The scaffolder is published as self-contained bundles: `npm create` installs one package.
      if (name === 'create-openclaw-skill') expect(deps ?? {}, name).toEqual({});
      else if (name !== '@openclaw/skill-sdk')
        expect(deps?.['@openclaw/skill-sdk'], name).toBe(sdkVersion);
    }
  });

  it('tags every released package at its new version', async () => {
    const { stdout } = await exec('git', ['tag', '--list'], { cwd: repo });
    const tags = stdout.split('\n');
    for (const [dir, name] of PUBLIC) {
      expect(tags, name).toContain(`${name}@${await versionOf(join(repo, dir))}`);
    }
  });

  it('left the checkout it was copied from unchanged', async () => {
    expect((await exec('git', ['status', '--porcelain'], { cwd: ROOT })).stdout).toBe(statusBefore);
  });
});
