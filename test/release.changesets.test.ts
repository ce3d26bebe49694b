// The monorepo's own release flow, on a copy of this repository in a temp folder (the
// checkout is never touched): a changeset, then `pnpm release` (changeset version, manifest
// versions, build, pnpm publish -r) against a real registry on loopback (verdaccio). Every
// public package is published at its new version, its changelog has the changeset's text, and
// no published manifest holds a `workspace:` range.
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
  tmp = await mkdtemp(join(tmpdir(), 'oc-release-'));
  repo = join(tmp, 'repo');
  await copyRepo(repo);
}, 300_000);

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
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

  it('the registry has each new version, with internal dependencies as exact versions and no workspace: range', async () => {
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
      if (name !== '@openclaw/skill-sdk')
        expect(deps?.['@openclaw/skill-sdk'], name).toBe(sdkVersion);
    }
  });

  it('left the checkout it was copied from unchanged', async () => {
    expect((await exec('git', ['status', '--porcelain'], { cwd: ROOT })).stdout).toBe(statusBefore);
  });
});
