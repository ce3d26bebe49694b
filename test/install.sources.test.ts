// Installing skills as they are shared outside npm: a SKILL.md folder, a .zip and a .tgz of
// one, and a git repository holding several (git+file:// on a repository made here). Each gets
// the lockfile's source, type, commit and digest; update after a new commit, rollback, remove
// and install --frozen on a clean home. The registry is a closed loopback port: a docs-only
// skill needs no npm, so any registry request would fail the install.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import {
  tarFolder,
  writeSkillFolder,
  writeSkillsRepo,
  zipFolder,
  gitIn,
} from './support/skill-sources.js';

let tmp: string;
let folder: string;
let repo: string;
let userHome: string;
const hosts: SkillHost[] = [];
const marker = () => join(tmp, 'script-ran');

interface Entry {
  name: string;
  version: string;
  spec: string;
  resolved: string;
  source?: string;
  type?: string;
  commit?: string;
  digest?: string;
}

async function newHost(home?: string): Promise<SkillHost> {
  const root = await mkdtemp(join(tmp, 'host-'));
  const host = await createSkillHost({
    home: home ?? join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome,
    env: { PATH: process.env.PATH ?? '', HOME: userHome },
    config: { runner: 'inline', install: { registry: 'http://127.0.0.1:1/' } },
    hostTools: false,
  });
  hosts.push(host);
  return host;
}

const lockOf = async (host: SkillHost) =>
  (
    JSON.parse(await readFile(join(host.home, 'skills.lock.json'), 'utf8')) as {
      skills: Record<string, Entry>;
    }
  ).skills;

/** The version folders the store keeps for a skill (one per generation). */
const generations = async (host: SkillHost, name: string) =>
  (await readdir(join(host.home, 'store', name))).filter(
    (n) => /^\d+\.\d+\.\d+/.test(n) && !n.endsWith('.json'),
  );

const served = (host: SkillHost, name: string) => host.snapshot().byName.get(name);

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-install-sources-'));
  userHome = join(tmp, 'user');
  await mkdir(userHome);
  folder = await writeSkillFolder(join(tmp, 'src', 'pdf'), { name: 'pdf', marker: marker() });
  repo = join(tmp, 'repo');
  await writeSkillsRepo(repo, { names: ['pdf', 'slides'], home: userHome, marker: marker() });
});

afterAll(async () => {
  for (const h of hosts) await h.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('install a SKILL.md folder without package.json', () => {
  it('installs with its scripts, references and assets, keeps the script executable, runs nothing', async () => {
    const host = await newHost();
    const r = await host.install(folder, { yes: true });
    expect(r).toMatchObject({ action: 'installed', name: 'pdf' });
    expect(r.version).toMatch(/^0\.0\.0-sha256-[0-9a-f]{12}$/);
    expect(r.summary?.kind).toBe('docs');
    for (const f of ['SKILL.md', 'scripts/run.sh', 'references/guide.md', 'assets/logo.txt']) {
      expect(existsSync(join(r.dir!, f)), f).toBe(true);
    }
    expect((await stat(join(r.dir!, 'scripts/run.sh'))).mode & 0o777).toBe(0o755);
    expect(existsSync(marker())).toBe(false);
    expect(served(host, 'pdf')?.status).toBe('ready');
  });

  it('records source, type folder and a digest; installing the same files again is unchanged', async () => {
    const host = await newHost();
    const first = await host.install(folder, { yes: true });
    const entry = (await lockOf(host)).pdf!;
    expect(entry).toMatchObject({ source: folder, type: 'folder', resolved: `file:${folder}` });
    expect(entry.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.version).toBe(`0.0.0-sha256-${entry.digest!.slice(0, 12)}`);
    const again = await host.install(folder, { yes: true });
    expect(again).toMatchObject({ action: 'unchanged', version: first.version });
    expect(await generations(host, 'pdf')).toEqual([first.version]);
    expect((await lockOf(host)).pdf).toEqual(entry);
  });
});

describe('install an archive of a skill folder', () => {
  it('a .zip and a .tgz of the folder install the same files (the same digest as the folder)', async () => {
    const zip = await zipFolder(join(tmp, 'src'), 'pdf', join(tmp, 'pdf.zip'));
    const tgz = await tarFolder(join(tmp, 'src'), 'pdf', join(tmp, 'pdf.tgz'));
    const fromFolder = await newHost();
    await fromFolder.install(folder, { yes: true });
    const want = (await lockOf(fromFolder)).pdf!.digest;
    for (const [file, type] of [
      [zip, 'zip'],
      [tgz, 'tarball'],
    ] as const) {
      const host = await newHost();
      const r = await host.install(file, { yes: true });
      expect((await stat(join(r.dir!, 'scripts/run.sh'))).mode & 0o777).toBe(0o755);
      expect((await lockOf(host)).pdf).toMatchObject({ type, source: file, digest: want });
    }
  });

  it('refuses a zip whose entry climbs out with ".." and writes nothing outside', async () => {
    const parent = join(tmp, 'slip');
    await mkdir(join(parent, 'aa'), { recursive: true });
    await writeFile(join(parent, 'aa', 'evil.txt'), 'x');
    await writeSkillFolder(join(parent, 'pdf'), { name: 'pdf' });
    const zip = join(tmp, 'slip.zip');
    await zipFolder(parent, '.', zip);
    // Same length, so the archive stays well formed: "./aa/evil.txt" becomes "./../evil.txt".
    const bytes = await readFile(zip);
    await writeFile(
      zip,
      Buffer.from(bytes.toString('latin1').replaceAll('aa/evil', '../evil'), 'latin1'),
    );
    const host = await newHost();
    await expect(host.install(zip, { yes: true })).rejects.toMatchObject({ code: 'PATH_UNSAFE' });
    expect(existsSync(join(host.home, 'store', 'evil.txt'))).toBe(false);
    expect(existsSync(join(host.home, 'skills.lock.json'))).toBe(false);
  });

  it('refuses a zip holding a symlink that points outside the skill folder', async () => {
    const parent = join(tmp, 'linked');
    await writeSkillFolder(join(parent, 'pdf'), { name: 'pdf' });
    await symlink('../../../etc/passwd', join(parent, 'pdf', 'escape'));
    const zip = await zipFolder(parent, 'pdf', join(tmp, 'linked.zip'));
    const host = await newHost();
    await expect(host.install(zip, { yes: true })).rejects.toMatchObject({
      code: 'PATH_UNSAFE',
      message: expect.stringContaining('pdf/escape'),
    });
  });
});

describe('install from a git repository holding several skills', () => {
  const url = () => `git+file://${repo}`;

  it('without a skill named, one error lists the skills it holds', async () => {
    const host = await newHost();
    const err = await host.install(url(), { yes: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INVALID_INPUT', details: { skills: ['pdf', 'slides'] } });
    expect((err as Error).message).toContain('pdf (skills/pdf), slides (skills/slides)');
  });

  it('takes the skill named with ::skill: or by its path, and records the commit', async () => {
    const head = await gitIn(repo, userHome)('rev-parse', 'HEAD');
    const host = await newHost();
    await host.install(`${url()}#::skill:pdf`, { yes: true });
    await host.install(`${url()}#main::path:skills/slides`, { yes: true });
    const lock = await lockOf(host);
    expect(lock.pdf).toMatchObject({
      type: 'git',
      commit: head,
      source: `${url()}#::skill:pdf`,
      spec: `${url()}#::path:skills/pdf`,
      resolved: `${url()}#${head}::path:skills/pdf`,
    });
    expect(lock.slides).toMatchObject({
      type: 'git',
      commit: head,
      spec: `${url()}#main::path:skills/slides`,
    });
    expect(served(host, 'slides')?.status).toBe('ready');
  });

  it('update: nothing new is unchanged; a new commit is a new generation; rollback and remove follow', async () => {
    const own = join(tmp, 'repo-update');
    const git = await writeSkillsRepo(own, { names: ['pdf'], home: userHome });
    const host = await newHost();
    const first = await host.install(`git+file://${own}`, { yes: true });

    const recorded = (await lockOf(host)).pdf;
    const [same] = await host.update('pdf', { yes: true });
    expect(same).toMatchObject({ action: 'unchanged', version: first.version });
    expect(await generations(host, 'pdf')).toEqual([first.version]);
    expect((await lockOf(host)).pdf).toEqual(recorded);

    await writeFile(join(own, 'skills/pdf/references/guide.md'), '# Guide, second edition\n');
    await git('commit', '--quiet', '-am', 'second');
    const second = await git('rev-parse', 'HEAD');
    const [updated] = await host.update('pdf', { yes: true });
    expect(updated).toMatchObject({ action: 'updated', previousVersion: first.version });
    expect(updated!.version).not.toBe(first.version);
    expect((await lockOf(host)).pdf).toMatchObject({
      commit: second,
      version: updated!.version,
      source: `git+file://${own}`,
    });
    expect(await readFile(join(updated!.dir!, 'references/guide.md'), 'utf8')).toContain('second');

    const back = await host.rollback('pdf');
    expect(back).toMatchObject({ action: 'rolled-back', version: first.version });
    expect((await lockOf(host)).pdf!.version).toBe(first.version);
    expect(served(host, 'pdf')?.dir).toBe(first.dir);

    await host.remove('pdf');
    expect(served(host, 'pdf')).toBeUndefined();
    expect((await lockOf(host)).pdf).toBeUndefined();
  });

  it('install --frozen on a clean home checks out the recorded commit and matches the digest', async () => {
    const own = join(tmp, 'repo-frozen');
    const git = await writeSkillsRepo(own, { names: ['pdf'], home: userHome });
    const first = await newHost();
    await first.install(`git+file://${own}`, { yes: true });
    const lock = await readFile(join(first.home, 'skills.lock.json'), 'utf8');
    // The repository moves on; --frozen still installs the recorded commit.
    await writeFile(
      join(own, 'skills/pdf/SKILL.md'),
      '---\nname: pdf\ndescription: Changed.\n---\n',
    );
    await git('commit', '--quiet', '-am', 'later');

    const root = await mkdtemp(join(tmp, 'frozen-'));
    await mkdir(join(root, 'home'), { recursive: true });
    await writeFile(join(root, 'home', 'skills.lock.json'), lock);
    const second = await newHost(join(root, 'home'));
    const results = await second.installFrozen({ yes: true });
    const want = JSON.parse(lock) as { skills: Record<string, Entry> };
    expect(results.map((r) => [r.name, r.version])).toEqual([['pdf', want.skills.pdf!.version]]);
    expect(await lockOf(second)).toEqual(want.skills);
    expect(served(second, 'pdf')?.status).toBe('ready');
  });

  it('install --frozen fails naming the skill when the files differ from the recorded digest', async () => {
    const own = join(tmp, 'repo-tampered');
    await writeSkillsRepo(own, { names: ['pdf'], home: userHome });
    const first = await newHost();
    await first.install(`git+file://${own}`, { yes: true });
    const lock = JSON.parse(await readFile(join(first.home, 'skills.lock.json'), 'utf8')) as {
      skills: Record<string, Entry>;
    };
    lock.skills.pdf!.digest = '0'.repeat(64);
    const root = await mkdtemp(join(tmp, 'tampered-'));
    await mkdir(join(root, 'home'), { recursive: true });
    await writeFile(join(root, 'home', 'skills.lock.json'), JSON.stringify(lock));
    const second = await newHost(join(root, 'home'));
    const err = await second.installFrozen({ yes: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INSTALL_FAILED', details: { skill: 'pdf' } });
    expect((err as Error).message).toMatch(/^pdf: the files at git\+file:/);
    expect(served(second, 'pdf')).toBeUndefined();
  });

  it('clones nothing outside the store: the staging area is empty again after an install', async () => {
    const host = await newHost();
    await host.install(`${url()}#::skill:pdf`, { yes: true });
    expect(await readdir(join(host.home, 'store', '.staging')).catch(() => [])).toEqual([]);
  });
});
