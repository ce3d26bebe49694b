import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSkillError, type SkillError } from '@openclaw/skill-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogSnapshot } from '../catalog/types.js';
import { skillRecord, snapshotOf, testSource } from '../testing/records.js';
import { activateBuiltin, builtinSkillRecord } from './index.js';
import { MAX_READ_BYTES } from './read.js';

let root: string;
let snap: CatalogSnapshot;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-skills-read-'));
  const skills = join(root, 'skills');
  const weather = join(skills, 'weather');
  await mkdir(join(weather, 'references', 'deep'), { recursive: true });
  await writeFile(
    join(weather, 'SKILL.md'),
    '---\nname: weather\ndescription: Weather.\n---\n\n# Weather\n',
  );
  await writeFile(join(weather, 'references', 'api.md'), 'The API guide.\n');
  await writeFile(join(weather, 'references', 'deep', 'more.md'), 'More.\n');
  await writeFile(join(root, 'secret.txt'), 'TOP SECRET\n');
  await symlink(join(root, 'secret.txt'), join(weather, 'references', 'escape.md'));
  await symlink(root, join(weather, 'outside-dir'));
  await symlink(join(weather, 'references', 'api.md'), join(weather, 'inside-link.md'));
  await writeFile(join(weather, 'big.txt'), Buffer.alloc(MAX_READ_BYTES + 1, 'a'));
  await writeFile(join(weather, 'blob.bin'), Buffer.from([1, 2, 0, 3]));
  execFileSync('mkfifo', [join(weather, 'pipe')]);
  snap = snapshotOf([
    builtinSkillRecord(),
    skillRecord({ name: 'weather', dir: weather, source: testSource({ dir: skills }) }),
    skillRecord({
      name: 'weather-radar',
      dir: join(skills, 'weather-radar'),
      source: testSource({ dir: skills }),
    }),
    skillRecord({ name: 'off', status: 'disabled', dir: join(skills, 'off') }),
  ]);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = (input: unknown) =>
  activateBuiltin(() => snap).invoke('skills.read', input, {
    signal: new AbortController().signal,
    callId: 't',
  });

async function refusal(input: unknown): Promise<SkillError> {
  const e = await read(input).then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isSkillError(e)) throw new Error(`expected a SkillError, got ${String(e)}`);
  return e;
}

describe('skills.read', () => {
  it("reads the skill's SKILL.md by default", async () => {
    expect(await read({ name: 'weather' })).toContain('# Weather');
  });

  it('reads a normal file in references/, and a symlink that stays inside', async () => {
    expect(await read({ name: 'weather', path: 'references/api.md' })).toBe('The API guide.\n');
    expect(await read({ name: 'weather', path: './references/deep/more.md' })).toBe('More.\n');
    expect(await read({ name: 'weather', path: 'inside-link.md' })).toBe('The API guide.\n');
  });

  it.each([
    ['../../etc/passwd', /climbs out of the skill's folder with "\.\."/],
    ['references/../../secret.txt', /climbs out/],
    ['..\\..\\secret.txt', /climbs out/],
    ['/etc/passwd', /is absolute/],
    ['C:\\Windows\\win.ini', /is absolute/],
    ['~/.ssh/id_rsa', /is absolute/],
    ['refer\0ences/api.md', /NUL byte/],
  ])('refuses %j with PATH_UNSAFE', async (path, message) => {
    const e = await refusal({ name: 'weather', path });
    expect(e.code).toBe('PATH_UNSAFE');
    expect(e.message).toMatch(message);
  });

  it('refuses a symlink inside the skill that points outside it', async () => {
    const e = await refusal({ name: 'weather', path: 'references/escape.md' });
    expect(e.code).toBe('PATH_UNSAFE');
    expect(e.message).toMatch(/leads outside the skill's folder/);
    const viaDir = await refusal({ name: 'weather', path: 'outside-dir/secret.txt' });
    expect(viaDir.code).toBe('PATH_UNSAFE');
  });

  it('refuses folders, FIFOs, files over 1 MiB and binary files', async () => {
    expect((await refusal({ name: 'weather', path: 'references' })).message).toMatch(/is a folder/);
    expect((await refusal({ name: 'weather', path: 'pipe' })).message).toMatch(
      /not a regular file/,
    );
    const big = await refusal({ name: 'weather', path: 'big.txt' });
    expect(big.code).toBe('PATH_UNSAFE');
    expect(big.message).toMatch(/over the 1048576-byte limit/);
    expect((await refusal({ name: 'weather', path: 'blob.bin' })).message).toMatch(/binary file/);
  });

  it('a missing file is SKILL_NOT_FOUND with the files it has', async () => {
    const e = await refusal({ name: 'weather', path: 'references/nope.md' });
    expect(e.code).toBe('SKILL_NOT_FOUND');
    expect(e.message).toBe('Skill "weather" has no file "references/nope.md".');
    expect(e.hint).toContain('references/api.md');
    expect(e.hint).not.toContain('secret');
  });

  it('an unknown skill is SKILL_NOT_FOUND with the closest names', async () => {
    const e = await refusal({ name: 'wether' });
    expect(e.code).toBe('SKILL_NOT_FOUND');
    expect(e.message).toBe('No skill named "wether".');
    expect(e.details).toEqual({ candidates: ['weather', 'weather-radar'] });
    expect(e.hint).toContain('"weather"');
  });

  it('a skill that is not ready says so', async () => {
    const e = await refusal({ name: 'off' });
    expect(e.code).toBe('SKILL_UNAVAILABLE');
    expect(e.message).toContain('disabled');
  });

  it('the built-in skill itself is not a readable folder', async () => {
    expect((await refusal({ name: 'skills' })).code).toBe('SKILL_NOT_FOUND');
  });
});
