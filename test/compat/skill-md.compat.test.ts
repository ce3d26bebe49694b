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
  it('loads 62 of 63 and reports openclaw/canvas/SKILL.md (no frontmatter) by its path', async () => {
    const all = [...openclaw, ...agentskills];
    expect(all).toHaveLength(63);
    const results = await Promise.all(all.map((dir) => readSkillMd(join(dir, 'SKILL.md'))));
    const loaded = results.filter((r) => r.doc);
    expect(loaded).toHaveLength(62);
    const failed = results.filter((r) => !r.doc);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_NO_FRONTMATTER',
        severity: 'error',
        file: join(canvas, 'SKILL.md'),
        line: 1,
      }),
    ]);
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

  it('reads every folder as a docs skill with readSkillFolder, canvas with its problem', async () => {
    const results = await Promise.all([...openclaw, ...agentskills].map((d) => readSkillFolder(d)));
    expect(
      results.every((r) => r.kind === 'docs' && r.entry === undefined && r.manifest === undefined),
    ).toBe(true);
    expect(results.filter((r) => !r.doc).map((r) => r.dir)).toEqual([canvas]);
  });
});

describe('compat corpus, strict', () => {
  it('passes all 10 Agent Skills examples', async () => {
    expect(agentskills).toHaveLength(10);
    for (const dir of agentskills) {
      const r = await validateSkill(dir, { strict: true });
      expect({ dir, problems: r.problems }).toEqual({ dir, problems: [] });
      expect(r.ok).toBe(true);
    }
  });

  it('fails every OpenClaw skill that uses OpenClaw extensions, with the specific reasons', async () => {
    const extended = openclaw.filter((d) => d !== canvas && !plainOpenClaw.includes(d));
    expect(extended).toHaveLength(49);
    for (const dir of extended) {
      const r = await validateSkill(dir, { strict: true });
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
    const weather = await validateSkill(join(compat, 'openclaw', 'weather'), { strict: true });
    expect(weather.problems.map((p) => [p.code, p.field])).toEqual([
      ['SKILL_MD_UNKNOWN_KEY', 'homepage'],
      ['SKILL_MD_METADATA_INVALID', 'metadata'],
    ]);
    expect(weather.problems[0]!.message).toContain('unknown frontmatter key "homepage"');
    const discord = await validateSkill(join(compat, 'openclaw', 'discord'), { strict: true });
    expect(discord.problems.map((p) => p.code)).toEqual([
      'SKILL_MD_METADATA_INVALID',
      'SKILL_MD_ALLOWED_TOOLS_INVALID',
    ]);
    const ghIssues = await validateSkill(join(compat, 'openclaw', 'gh-issues'), { strict: true });
    expect(ghIssues.problems.find((p) => p.code === 'SKILL_MD_UNKNOWN_KEY')?.field).toBe(
      'user-invocable',
    );
  });

  it('fails canvas (no frontmatter) and passes the three OpenClaw skills that use only name and description', async () => {
    expect((await validateSkill(canvas, { strict: true })).problems.map((p) => p.code)).toEqual([
      'SKILL_MD_NO_FRONTMATTER',
    ]);
    for (const dir of plainOpenClaw)
      expect((await validateSkill(dir, { strict: true })).problems, dir).toEqual([]);
  });
});
