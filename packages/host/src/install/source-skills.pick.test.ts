import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSkills, frontmatterName, pickSkill } from './source-skills.js';

let root: string;
const skill = async (rel: string, text: string) => {
  await mkdir(join(root, rel), { recursive: true });
  await writeFile(join(root, rel, 'SKILL.md'), text);
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-find-skills-'));
  await skill('skills/pdf', '---\nname: pdf\ndescription: x\n---\n');
  await skill('skills/slides-folder', "---\nname: 'slides'\n---\n");
  await skill('.claude/skills/notes', 'No frontmatter at all.\n');
  await skill('node_modules/dep/skill', '---\nname: hidden\n---\n');
  await skill('skills/pdf/nested', '---\nname: inner\n---\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('findSkills', () => {
  it('lists SKILL.md folders by path, not below a skill, skipping node_modules', async () => {
    expect(await findSkills(root)).toEqual([
      { name: 'notes', path: '.claude/skills/notes' },
      { name: 'pdf', path: 'skills/pdf' },
      { name: 'slides', path: 'skills/slides-folder' },
    ]);
  });

  it('a searched folder that holds SKILL.md is the one skill', async () => {
    expect(await findSkills(root, join(root, 'skills/pdf'))).toEqual([
      { name: 'pdf', path: 'skills/pdf' },
    ]);
  });
});

describe('frontmatterName', () => {
  it('reads a quoted or plain name and nothing from a file without frontmatter', () => {
    expect(frontmatterName('---\nname: "pdf"\n---\n')).toBe('pdf');
    expect(frontmatterName('---\r\nname: pdf\r\n---\r\n')).toBe('pdf');
    expect(frontmatterName('# pdf\nname: pdf\n')).toBeUndefined();
  });
});

describe('pickSkill', () => {
  const found = [
    { name: 'pdf', path: 'skills/pdf' },
    { name: 'slides', path: 'skills/slides-folder' },
  ];

  it('takes the one named, by SKILL.md name or by folder name', () => {
    expect(pickSkill(found, { source: 'r', skill: 'slides' }).path).toBe('skills/slides-folder');
    expect(pickSkill(found, { source: 'r', skill: 'slides-folder' }).name).toBe('slides');
  });

  it('with several and none named, one INVALID_INPUT error lists them and names --skill and --all', () => {
    expect(() => pickSkill(found, { source: 'repo' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message:
          'repo holds 2 skills: pdf (skills/pdf), slides (skills/slides-folder). Say which to install.',
        hint: expect.stringMatching(/--skill <name>.*--all/),
        details: { skills: ['pdf', 'slides'] },
      }),
    );
  });

  it('a name the source does not hold is SKILL_NOT_FOUND, listing what it holds', () => {
    expect(() => pickSkill(found, { source: 'repo', skill: 'docx' })).toThrow(
      expect.objectContaining({
        code: 'SKILL_NOT_FOUND',
        message: expect.stringContaining('it holds: pdf'),
      }),
    );
  });

  it('a source without SKILL.md is refused saying so', () => {
    expect(() => pickSkill([], { source: 'repo' })).toThrow(/holds no SKILL\.md/);
  });
});
