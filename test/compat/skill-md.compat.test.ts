// The real skills in the compat corpus (../shared/compat, never copied into the repo): OpenClaw's and the
// Agent Skills examples must load unmodified, and strict mode must tell them apart.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readSkillFolder, readSkillMd, validateSkill } from '@openclaw/skill-sdk';
import { describe, expect, it } from 'vitest';
import { compatDir as compat } from './corpus.js';

const folders = (group: string) =>
  readdirSync(join(compat, group), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(compat, group, d.name))
    .sort();
const openclaw = folders('openclaw');
const agentskills = folders('agentskills');
const canvas = join(compat, 'openclaw', 'canvas');
/** OpenClaw skills whose frontmatter is only name and description: valid Agent Skills too. */
const plainOpenClaw = ['healthcheck', 'node-connect', 'skill-creator'].map((n) =>
  join(compat, 'openclaw', n),
);

describe('compat corpus, lenient', () => {
  it('loads all 63, openclaw/canvas/SKILL.md (no frontmatter) with a warning naming its path', async () => {
    const all = [...openclaw, ...agentskills];
    expect(all).toHaveLength(63);
    const results = await Promise.all(all.map((dir) => readSkillMd(join(dir, 'SKILL.md'))));
    const loaded = results.filter((r) => r.doc);
    expect(loaded).toHaveLength(63);
    const bare = results.find((r) => r.doc!.dir === canvas)!;
    expect(bare.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_NO_FRONTMATTER',
        severity: 'warning',
        file: join(canvas, 'SKILL.md'),
        line: 1,
      }),
    ]);
    expect(bare.doc!.description).toMatch(/^Display HTML content/);
    // Lenient loading never fails the others: at most warnings.
    for (const r of loaded) expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    for (const r of loaded) expect(r.doc!.name).toBe(r.doc!.dir.split('/').at(-1));
  });

  it('reads the OpenClaw metadata block (requires, os, install) from multi-line JSON5 metadata', async () => {
    const onePassword = await readSkillMd(join(compat, 'openclaw', '1password', 'SKILL.md'));
    expect(onePassword.doc?.openclaw?.requires?.bins).toEqual(['op']);
    expect(onePassword.doc?.openclaw?.install?.length).toBeGreaterThan(0);
    const notes = await readSkillMd(join(compat, 'openclaw', 'apple-notes', 'SKILL.md'));
    expect(notes.doc?.openclaw?.os).toEqual(['darwin']);
    const places = await readSkillMd(join(compat, 'openclaw', 'goplaces', 'SKILL.md'));
    expect(places.doc?.openclaw).toMatchObject({
      primaryEnv: 'GOOGLE_PLACES_API_KEY',
      requires: { env: ['GOOGLE_PLACES_API_KEY'] },
    });
  });

  it('reads every folder as a docs skill with readSkillFolder, canvas with its warning', async () => {
    const results = await Promise.all([...openclaw, ...agentskills].map((d) => readSkillFolder(d)));
    expect(
      results.every((r) => r.kind === 'docs' && r.entry === undefined && r.manifest === undefined),
    ).toBe(true);
    expect(results.filter((r) => !r.doc).map((r) => r.dir)).toEqual([]);
    expect(results.find((r) => r.dir === canvas)!.problems.map((p) => p.code)).toEqual([
      'SKILL_MD_NO_FRONTMATTER',
    ]);
  });
});

describe('compat corpus, strict', () => {
  it('passes every OpenClaw skill with frontmatter, its OpenClaw keys as warnings naming OpenClaw', async () => {
    for (const dir of openclaw.filter((d) => d !== canvas)) {
      const r = await validateSkill(dir, { strict: true });
      expect({ dir, errors: r.problems.filter((p) => p.severity === 'error') }).toEqual({
        dir,
        errors: [],
      });
      for (const p of r.problems) {
        expect(p.code, dir).toBe('SKILL_MD_AGENT_KEY');
        expect(p.message, dir).toContain('OpenClaw');
      }
    }
    expect((await validateSkill(canvas, { strict: true })).ok).toBe(false);
  });
});

describe('compat corpus, spec', () => {
  it('passes all 10 Agent Skills examples', async () => {
    expect(agentskills).toHaveLength(10);
    for (const dir of agentskills) {
      const r = await validateSkill(dir, { spec: true });
      expect({ dir, problems: r.problems }).toEqual({ dir, problems: [] });
      expect(r.ok).toBe(true);
    }
  });

  it('fails every OpenClaw skill that uses OpenClaw extensions, with the specific reasons', async () => {
    const extended = openclaw.filter((d) => d !== canvas && !plainOpenClaw.includes(d));
    expect(extended).toHaveLength(49);
    for (const dir of extended) {
      const r = await validateSkill(dir, { spec: true });
      expect(r.ok, dir).toBe(false);
      const fm = r.skill.doc!.frontmatter;
      const errors = r.problems.filter((p) => p.severity === 'error');
      const unknown = errors.filter((p) => p.code === 'SKILL_MD_UNKNOWN_KEY').map((p) => p.field);
      expect(unknown, dir).toEqual(
        Object.keys(fm).filter((k) => ['homepage', 'user-invocable'].includes(k)),
      );
      if (fm.metadata !== undefined) {
        const meta = errors.find((p) => p.code === 'SKILL_MD_METADATA_INVALID');
        expect(meta?.message, dir).toContain('"openclaw" is a map');
        expect(meta?.line, dir).toBe(r.skill.doc!.keyLines.metadata);
      }
      // Nothing else: these are the reasons, not noise.
      const expected = new Set([
        'SKILL_MD_UNKNOWN_KEY',
        'SKILL_MD_METADATA_INVALID',
        'SKILL_MD_ALLOWED_TOOLS_INVALID',
      ]);
      expect(
        errors.filter((p) => !expected.has(p.code)),
        dir,
      ).toEqual([]);
    }
  });

  it('names the reasons for specific skills', async () => {
    const weather = await validateSkill(join(compat, 'openclaw', 'weather'), { spec: true });
    expect(weather.problems.map((p) => [p.code, p.field])).toEqual([
      ['SKILL_MD_UNKNOWN_KEY', 'homepage'],
      ['SKILL_MD_METADATA_INVALID', 'metadata'],
    ]);
    expect(weather.problems[0]!.message).toContain('unknown frontmatter key "homepage"');
    const discord = await validateSkill(join(compat, 'openclaw', 'discord'), { spec: true });
    expect(discord.problems.map((p) => p.code)).toEqual([
      'SKILL_MD_METADATA_INVALID',
      'SKILL_MD_ALLOWED_TOOLS_INVALID',
    ]);
    const ghIssues = await validateSkill(join(compat, 'openclaw', 'gh-issues'), { spec: true });
    expect(ghIssues.problems.find((p) => p.code === 'SKILL_MD_UNKNOWN_KEY')?.field).toBe(
      'user-invocable',
    );
  });

  it('fails canvas (no frontmatter) and passes the three OpenClaw skills that use only name and description', async () => {
    expect((await validateSkill(canvas, { spec: true })).problems.map((p) => p.code)).toEqual([
      'SKILL_MD_NO_FRONTMATTER',
    ]);
    for (const dir of plainOpenClaw)
      expect((await validateSkill(dir, { spec: true })).problems, dir).toEqual([]);
  });
});
