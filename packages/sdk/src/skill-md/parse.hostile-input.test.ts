// What the SKILL.md reader answers for inputs that hung or crashed it. How long
// each takes is bounded in the fuzz harness (`pnpm fuzz`), not here.
import { describe, expect, it } from 'vitest';
import {
  aliasLoop,
  billionLaughs,
  blankLines,
  deepFlow,
  trailingSpaces,
} from '../hostile-inputs.fixtures.js';
import { parseSkillMd } from './parse.js';

const file = '/skills/demo/SKILL.md';
const parse = (text: string) => parseSkillMd(text, { file });
const codes = (text: string) => parse(text).problems.map((p) => [p.code, p.severity, p.line]);

describe('SKILL.md reader on hostile input', () => {
  it('refuses a self-referencing alias (meta: &a [*a]) on its line', () => {
    expect(codes(aliasLoop)).toEqual([['SKILL_MD_YAML_ALIAS', 'error', 4]]);
  });

  it('refuses a 476-byte alias bomb (billion laughs)', () => {
    const text = billionLaughs();
    expect(Buffer.byteLength(text.split('---\n')[1]!)).toBeLessThan(520);
    expect(codes(text)).toEqual([['SKILL_MD_YAML_ALIAS', 'error', undefined]]);
    expect(parse(text).problems[0]!.message).toContain('aliases expand past 100 values');
  });

  it('flattens a small acyclic alias into a copy of its value', () => {
    const r = parse('---\nname: demo\ndescription: d\nbase: &b [x, y]\ncopy: *b\n---\n');
    expect(r.problems).toEqual([]);
    expect(r.doc?.frontmatter.copy).toEqual(['x', 'y']);
  });

  it('reads `name: 1` and 60,000 spaces as the name "1"; 80,000 pass the frontmatter limit', () => {
    expect(parse(trailingSpaces(60_000)).doc?.name).toBe('1');
    expect(codes(trailingSpaces(80_000))).toEqual([['SKILL_MD_YAML', 'error', 2]]);
  });

  it('refuses flow collections nested 20,000 deep, naming the line, before the YAML parser sees them', () => {
    expect(codes(deepFlow(20_000))).toEqual([['SKILL_MD_YAML', 'error', 4]]);
    expect(parse(deepFlow(20_000)).problems[0]!.message).toContain('more than 64 deep');
    expect(parse(deepFlow(10)).problems).toEqual([]);
  });

  it('refuses 60,000 blank lines in the frontmatter and accepts a few', () => {
    expect(codes(blankLines(60_000))).toEqual([['SKILL_MD_YAML', 'error', 2]]);
    expect(parse(blankLines(60_000)).problems[0]!.message).toContain('blank lines');
    expect(parse(blankLines(50)).doc?.name).toBe('blank');
  });

  it('refuses frontmatter over 64 KiB, and a non-YAML language, without evaluating it', () => {
    const big = `---\nname: demo\ndescription: ${'d'.repeat(70_000)}\n---\n`;
    expect(codes(big)).toEqual([['SKILL_MD_YAML', 'error', 2]]);
    const g = globalThis as { __skillMdEvaluated?: boolean };
    const js = parse(
      '---js\n({ name: "x", description: (globalThis.__skillMdEvaluated = true) })\n---\n',
    );
    expect(js.problems.map((p) => p.code)).toEqual(['SKILL_MD_YAML']);
    expect(g.__skillMdEvaluated).toBeUndefined();
  });

  it('reads tagged values (!!timestamp, !!binary, custom tags) as the text written', () => {
    const r = parse(
      '---\nname: demo\ndescription: d\nwhen: !!timestamp 2026-01-02\nblob: !!binary aGk=\nx: !custom y\nday: 2026-01-02\n---\n',
    );
    expect(r.doc?.frontmatter).toMatchObject({
      when: '2026-01-02',
      blob: 'aGk=',
      x: 'y',
      day: '2026-01-02',
    });
  });

  it('keeps a __proto__ key as data without touching Object.prototype', () => {
    const r = parse('---\nname: demo\ndescription: d\n__proto__: { polluted: 1 }\n---\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(r.doc!.frontmatter)).toBe(Object.prototype);
  });

  it('refuses non-scalar keys and duplicate keys as YAML problems', () => {
    expect(codes('---\nname: demo\ndescription: d\n? [a, b]\n: c\n---\n')[0]![0]).toBe(
      'SKILL_MD_YAML',
    );
    expect(codes('---\nname: a\nname: b\ndescription: d\n---\n')).toEqual([
      ['SKILL_MD_YAML', 'error', 3],
    ]);
  });
});
