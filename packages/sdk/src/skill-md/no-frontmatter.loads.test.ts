// A SKILL.md without frontmatter loads as Claude Code loads it (name from the folder,
// description from the first paragraph), with a warning naming the file; strict and spec
// validation still refuse it.
import { describe, expect, it } from 'vitest';
import { firstParagraph } from './first-paragraph.js';
import { parseSkillMd } from './parse.js';

const FILE = '/skills/canvas-tool/SKILL.md';
// Shaped like OpenClaw's bundled canvas skill: a heading, then prose, then sections.
const TEXT = [
  '# Canvas Skill',
  '',
  'Display HTML content on connected nodes',
  '(desktop and phone apps).',
  '',
  '## Overview',
  '',
  'More detail.',
  '',
].join('\n');

describe('a SKILL.md without frontmatter', () => {
  it('loads with the folder name and the first paragraph, and one warning naming the file', () => {
    const r = parseSkillMd(TEXT, { file: FILE });
    expect(r.doc).toMatchObject({
      name: 'canvas-tool',
      description: 'Display HTML content on connected nodes (desktop and phone apps).',
      frontmatter: {},
      bodyLine: 1,
    });
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_NO_FRONTMATTER', severity: 'warning', file: FILE }),
    ]);
    expect(r.problems[0]!.message).toContain(FILE);
  });

  it.each(['strict', 'spec'] as const)('%s mode refuses it with an error and no doc', (mode) => {
    const r = parseSkillMd(TEXT, { file: FILE, mode });
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_NO_FRONTMATTER', severity: 'error' }),
    ]);
  });

  it('is an error when the body has no paragraph to describe it (only headings and code)', () => {
    const r = parseSkillMd('# Title\n\n```sh\nrun it\n```\n', { file: FILE });
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_NO_FRONTMATTER', severity: 'error' }),
    ]);
  });

  it('the first paragraph skips headings, code fences, comments and rules, and is capped at 1024', () => {
    expect(
      firstParagraph('<!-- note -->\n---\n```\ncode\n```\n## H\nText here.\nmore\n\nNext'),
    ).toBe('Text here. more');
    expect([...firstParagraph('x'.repeat(2000))].length).toBe(1024);
  });
});
