// The project's own small fixtures for every quirk the third-party compat corpus
// (../shared/compat, not in the repo) exercises, so the main suite covers them on a clone
// without the corpus: no frontmatter, OpenClaw's multi-line JSON5 metadata with trailing
// commas, requires.bins / anyBins / env / os, unknown keys (homepage, user-invocable),
// allowed-tools as a list, a quoted description holding ": ", Agent Skills' license and
// string metadata, and the same skill name in two sources.
import { join } from 'node:path';
import { readSkillFolder, readSkillMd, validateSkill } from '@openclaw/skill-sdk';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, writeFakeBins } from '../../packages/host/src/testing/skill-folders.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const first = join(fixtures, 'first');
const second = join(fixtures, 'second');
const at = (name: string) => join(first, name);
const LOADED = [
  'allowed-tools-list',
  'any-bins',
  'darwin-only',
  'multiline-metadata',
  'needs-env',
  'plain-agentskills',
  'plain-openclaw',
  'quoted-colon',
  'same-name',
  'user-invocable',
];

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(env: NodeJS.ProcessEnv) {
  const root = await tempDir();
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    sources: [first, second],
    env: { OPENCLAW_SKILLS_LOG_LEVEL: 'silent', ...env },
    hostTools: false,
  });
  hosts.push(host);
  return host;
}

describe('quirk fixtures, lenient', () => {
  it('loads every fixture but the one without frontmatter, with no errors and the folder name', async () => {
    for (const name of LOADED) {
      const r = await readSkillMd(join(at(name), 'SKILL.md'));
      expect(
        r.problems.filter((p) => p.severity === 'error'),
        name,
      ).toEqual([]);
      expect(r.doc?.name, name).toBe(name);
    }
  });

  it('loads the file without frontmatter with a warning naming it on line 1 (a later --- rule is body)', async () => {
    const file = join(at('no-frontmatter'), 'SKILL.md');
    const r = await readSkillMd(file);
    expect(r.doc).toMatchObject({
      name: 'no-frontmatter',
      description: 'It has a horizontal rule below, which must not be taken for a delimiter.',
    });
    expect(r.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_NO_FRONTMATTER',
        severity: 'warning',
        file,
        line: 1,
      }),
    ]);
  });

  it('reads multi-line JSON5-style metadata with trailing commas into the openclaw block', async () => {
    const r = await readSkillMd(join(at('multiline-metadata'), 'SKILL.md'));
    expect(r.doc?.openclaw).toMatchObject({
      emoji: '📝',
      requires: { bins: ['notes-cli'] },
      install: [{ id: 'brew', kind: 'brew', formula: 'notes-cli', bins: ['notes-cli'] }],
    });
    expect(r.doc?.keyLines).toEqual({ name: 2, description: 3, homepage: 4, metadata: 5 });
    const env = await readSkillMd(join(at('needs-env'), 'SKILL.md'));
    expect(env.doc?.openclaw).toMatchObject({
      primaryEnv: 'PLACES_API_KEY',
      requires: { env: ['PLACES_API_KEY'], bins: ['curl'] },
    });
  });

  it('keeps a single-quoted description holding ": " and double quotes as written', async () => {
    const r = await readSkillMd(join(at('quoted-colon'), 'SKILL.md'));
    expect(r.problems).toEqual([]);
    expect(r.doc?.description).toBe(
      'Delegates work. Use when: (1) the task is large, (2) it needs files. NOT for: one-liners (use runtime:"acp" there).',
    );
  });

  it('reads allowed-tools given as a list, and keeps unknown keys', async () => {
    const r = await readSkillMd(join(at('allowed-tools-list'), 'SKILL.md'));
    expect(r.doc?.allowedTools).toEqual(['message']);
    const inv = await readSkillMd(join(at('user-invocable'), 'SKILL.md'));
    expect(inv.doc?.frontmatter['user-invocable']).toBe(true);
  });

  it('reads every folder as a docs skill with no entry', async () => {
    const all = [...LOADED, 'no-frontmatter'].map(at);
    const folders = await Promise.all(all.map((d) => readSkillFolder(d)));
    expect(folders.every((f) => f.kind === 'docs' && f.entry === undefined)).toBe(true);
    expect(folders.filter((f) => !f.doc).map((f) => f.dir)).toEqual([]);
  });
});

describe('quirk fixtures, strict', () => {
  it('passes the Agent Skills-shaped fixtures and the OpenClaw one with only name and description', async () => {
    for (const name of ['plain-agentskills', 'plain-openclaw', 'quoted-colon']) {
      const r = await validateSkill(at(name), { strict: true });
      expect({ name, problems: r.problems }).toEqual({ name, problems: [] });
    }
    const other = await validateSkill(join(second, 'other'), { strict: true });
    expect(other.problems).toEqual([]);
  });

  it('warns about OpenClaw extensions, naming each key, and fails only the missing frontmatter', async () => {
    const verdicts = async (name: string) =>
      (await validateSkill(at(name), { strict: true })).problems.map((p) => [
        p.severity,
        p.code,
        p.field,
      ]);
    const warn = (field: string) => ['warning', 'SKILL_MD_AGENT_KEY', field];
    expect(await verdicts('multiline-metadata')).toEqual([warn('homepage'), warn('metadata')]);
    expect(await verdicts('allowed-tools-list')).toEqual([warn('metadata'), warn('allowed-tools')]);
    expect(await verdicts('user-invocable')).toEqual([warn('user-invocable'), warn('metadata')]);
    expect(await verdicts('no-frontmatter')).toEqual([
      ['error', 'SKILL_MD_NO_FRONTMATTER', undefined],
    ]);
  });

  it('spec mode fails OpenClaw extensions with exactly their reasons', async () => {
    const codes = async (name: string) =>
      (await validateSkill(at(name), { spec: true })).problems.map((p) => [p.code, p.field]);
    expect(await codes('multiline-metadata')).toEqual([
      ['SKILL_MD_UNKNOWN_KEY', 'homepage'],
      ['SKILL_MD_METADATA_INVALID', 'metadata'],
    ]);
    expect(await codes('allowed-tools-list')).toEqual([
      ['SKILL_MD_METADATA_INVALID', 'metadata'],
      ['SKILL_MD_ALLOWED_TOOLS_INVALID', 'allowed-tools'],
    ]);
    expect(await codes('user-invocable')).toEqual([
      ['SKILL_MD_UNKNOWN_KEY', 'user-invocable'],
      ['SKILL_MD_METADATA_INVALID', 'metadata'],
    ]);
    expect(await codes('no-frontmatter')).toEqual([['SKILL_MD_NO_FRONTMATTER', undefined]]);
  });

  it('spec mode says which metadata value is not a string, on the metadata line', async () => {
    const r = await validateSkill(at('multiline-metadata'), { spec: true });
    const meta = r.problems.find((p) => p.code === 'SKILL_MD_METADATA_INVALID');
    expect(meta?.message).toContain('"openclaw" is a map');
    expect(meta?.line).toBe(5);
  });
});

describe('quirk fixtures, host scan', () => {
  it('without binaries or env: statuses name what is missing; the first source wins on a name', async () => {
    const host = await open({ PATH: await tempDir() });
    const status = Object.fromEntries(
      host.skills.filter((s) => !s.shadowedBy).map((s) => [s.name, s.status]),
    );
    expect(status).toEqual({
      'allowed-tools-list': 'ready',
      'any-bins': 'ineligible',
      'darwin-only': 'ineligible',
      'multiline-metadata': 'ineligible',
      'needs-env': 'ineligible',
      'no-frontmatter': 'ready',
      other: 'ready',
      'plain-agentskills': 'ready',
      'plain-openclaw': 'ready',
      'quoted-colon': 'ready',
      'same-name': 'ready',
      'user-invocable': 'ineligible',
    });
    const byName = (n: string) => host.skills.find((s) => s.name === n && !s.shadowedBy)!;
    expect(byName('any-bins').problems.map((p) => p.code)).toEqual(['REQUIRES_ANY_BIN']);
    expect(
      byName('needs-env')
        .problems.map((p) => p.code)
        .sort(),
    ).toEqual(['REQUIRES_BIN', 'REQUIRES_ENV']);
    const same = host.skills.filter((s) => s.name === 'same-name');
    expect(same.map((s) => [s.dir, s.shadowedBy])).toEqual([
      [at('same-name'), undefined],
      [join(second, 'same-name'), at('same-name')],
    ]);
    expect(byName('multiline-metadata').emoji).toBe('📝');
  });

  it('with the binaries on PATH and the env set, all but other-OS skills are ready', async () => {
    const path = await tempDir();
    await writeFakeBins(path, ['notes-cli', 'osascript', 'agent-two', 'curl', 'gh']);
    const host = await open({ PATH: path, PLACES_API_KEY: 'k' });
    const notReady = host.skills
      .filter((s) => s.status !== 'ready')
      .map((s) => s.name)
      .sort();
    const otherOs = process.platform === 'darwin' ? [] : ['darwin-only'];
    expect(notReady).toEqual(otherOs);
    expect(host.prompt().included).toContain('multiline-metadata');
  });
});
