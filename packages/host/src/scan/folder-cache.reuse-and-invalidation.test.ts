import { Writable } from 'node:stream';
import { pino } from 'pino';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSkillFolder } from '@openclaw/skill-sdk';
import { createSkillHost } from '../host.js';
import { tempDir, writeDocsSkill } from '../testing/skill-folders.js';
import { checkEligibility, hostRangeAnswers } from './eligibility.js';
import { openFolderCache } from './folder-cache.js';

let root: string;
let skills: string;
let cacheFile: string;
beforeEach(async () => {
  root = await tempDir('oc-cache-');
  skills = join(root, 'ws', 'skills');
  cacheFile = join(root, 'home', 'cache', 'scan.json');
  await writeDocsSkill(skills, 'alpha', { description: 'First version.' });
  await writeDocsSkill(skills, 'beta');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const scan = async (dirs: string[]) => {
  const cache = openFolderCache(cacheFile, 'reader-1');
  const folders = await Promise.all(dirs.map((d) => cache.read(d)));
  await cache.save();
  return { cache, folders };
};

describe('the scan cache', () => {
  it('answers unchanged folders from the cache with what readSkillFolder said', async () => {
    const dirs = [join(skills, 'alpha'), join(skills, 'beta')];
    const first = await scan(dirs);
    expect([first.cache.hits, first.cache.misses]).toEqual([0, 2]);
    const second = await scan(dirs);
    expect([second.cache.hits, second.cache.misses]).toEqual([2, 0]);
    expect(second.folders).toEqual(await Promise.all(dirs.map((d) => readSkillFolder(d))));
  });

  it('re-reads a folder whose SKILL.md changed, even within the same second and size', async () => {
    const alpha = join(skills, 'alpha');
    await scan([alpha]);
    const file = join(alpha, 'SKILL.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('First version.', 'Other version.'));
    const t = new Date(Date.now() + 5_000);
    await utimes(file, t, t);
    const again = await scan([alpha]);
    expect(again.cache.misses).toBe(1);
    expect(again.folders[0]!.doc?.description).toBe('Other version.');
  });

  it('re-reads when a manifest.json appears in a docs folder', async () => {
    const beta = join(skills, 'beta');
    await scan([beta]);
    await writeFile(
      join(beta, 'manifest.json'),
      JSON.stringify({ manifestVersion: 1, name: 'beta', tools: [] }),
    );
    const again = await scan([beta]);
    expect(again.cache.misses).toBe(1);
    expect(again.folders[0]!.kind).toBe('code');
  });

  it('ignores a corrupt cache file or one written by another reader version', async () => {
    const alpha = join(skills, 'alpha');
    await scan([alpha]);
    const other = openFolderCache(cacheFile, 'reader-2');
    await other.read(alpha);
    expect(other.misses).toBe(1);
    await writeFile(cacheFile, '{ not json');
    const again = await scan([alpha]);
    expect(again.cache.misses).toBe(1);
    expect(JSON.parse(await readFile(cacheFile, 'utf8')).entries).toHaveProperty([alpha]);
  });

  it('keeps a frontmatter date as the text written, so it caches and comes back equal', async () => {
    const dated = await writeDocsSkill(skills, 'dated', { frontmatter: 'released: 2026-01-02' });
    const first = await scan([dated]);
    expect(first.folders[0]!.doc?.frontmatter.released).toBe('2026-01-02');
    const second = await scan([dated]);
    expect(second.cache.hits).toBe(1);
    expect(second.folders[0]!.doc?.frontmatter).toEqual(first.folders[0]!.doc?.frontmatter);
  });

  it('does not cache a folder whose frontmatter holds a value JSON cannot keep (.inf)', async () => {
    const infinite = await writeDocsSkill(skills, 'infinite', { frontmatter: 'ratio: .inf' });
    const first = await scan([infinite]);
    expect(first.folders[0]!.doc?.frontmatter.ratio).toBe(Infinity);
    const second = await scan([infinite]);
    expect(second.cache.hits).toBe(0);
    expect(second.folders[0]!.doc?.frontmatter.ratio).toBe(Infinity);
  });

  it('lets a new host process see an edited skill while reusing the rest', async () => {
    const opts = {
      workspace: join(root, 'ws'),
      home: join(root, 'home'),
      userHome: join(root, 'user'),
      env: {},
    };
    const h1 = await createSkillHost(opts);
    await h1.close();
    const file = join(skills, 'alpha', 'SKILL.md');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('First version.', 'Edited while the host was down.'),
    );
    const t = new Date(Date.now() + 5_000);
    await utimes(file, t, t);
    const h2 = await createSkillHost(opts);
    expect(h2.snapshot().byName.get('alpha')?.description).toBe('Edited while the host was down.');
    expect(h2.snapshot().byName.get('beta')?.status).toBe('ready');
    await h2.close();
  });
});

describe('a scan cache that cannot be written', () => {
  it('warns once naming the file and the host keeps serving every skill', async () => {
    const home = join(root, 'home-broken');
    await mkdir(home);
    await writeFile(join(home, 'cache'), 'not a folder'); // so <home>/cache/scan.json cannot be written
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _enc, cb) {
          lines.push(String(chunk));
          cb();
        },
      }),
    );
    const host = await createSkillHost({
      workspace: join(root, 'ws'),
      home,
      userHome: join(root, 'user'),
      env: {},
      logger,
    });
    expect(host.snapshot().byName.get('alpha')?.status).toBe('ready');
    await host.close();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toContain(join(home, 'cache', 'scan.json'));
  });

  it("keeps the host-range answers for the next process and takes a cache file's answers", async () => {
    const eligible = (hostVersion: string, host: string) =>
      checkEligibility({
        name: 'alpha',
        docFile: join(skills, 'alpha', 'SKILL.md'),
        manifest: { host },
        manifestFile: join(skills, 'alpha', 'manifest.json'),
        configFile: join(root, 'home', 'config.json'),
        env: {},
        platform: 'linux',
        bins: new Set(),
        hostVersion,
      }).problems.map((p) => p.code);
    // Found by semver in this process, then written with the folders.
    expect(eligible('7.1.0', '^7')).toEqual([]);
    await scan([join(skills, 'alpha')]);
    const saved = JSON.parse(await readFile(cacheFile, 'utf8')) as {
      hostRanges: Record<string, unknown>;
    };
    expect(saved.hostRanges['7.1.0 ^7']).toBe(true);
    expect(hostRangeAnswers()['7.1.0 ^7']).toBe(true);
    // A cache file's answer is taken as it is (here a wrong one, to tell it from semver's).
    await writeFile(
      cacheFile,
      JSON.stringify({ ...saved, hostRanges: { '8.1.0 ^8': false, '8.2.0 ^8': 'yes' } }),
    );
    openFolderCache(cacheFile, 'reader-1');
    expect(eligible('8.1.0', '^8')).toEqual(['HOST_RANGE_UNSATISFIED']);
    // What is not a boolean (or null, an invalid range) is ignored: semver answers.
    expect(eligible('8.2.0', '^8')).toEqual([]);
  });
});
