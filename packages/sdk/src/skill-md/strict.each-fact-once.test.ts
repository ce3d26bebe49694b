// Strict mode adds the Agent Skills rules to the lenient reader's; it never restates a
// problem the lenient reader already reports (validate --strict showed a missing description
// twice, in two wordings, and a map as name as both a warning and an error).
import { describe, expect, it } from 'vitest';
import { parseSkillMd } from './parse.js';

const read = (text: string, mode: 'strict' | 'lenient') =>
  parseSkillMd(text, { file: '/skills/demo/SKILL.md', mode });
const codes = (r: { problems: { code: string; severity: string }[] }) =>
  r.problems.map((p) => `${p.severity} ${p.code}`);

describe('strict SKILL.md problems: each fact once', () => {
  it('a missing description is one SKILL_MD_DESCRIPTION_MISSING error in strict mode, worded as in lenient mode', () => {
    const text = '---\nname: demo\n---\n# Demo\n';
    const strict = read(text, 'strict');
    const missing = strict.problems.filter((p) => p.code === 'SKILL_MD_DESCRIPTION_MISSING');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toEqual(
      read(text, 'lenient').problems.find((p) => p.code === 'SKILL_MD_DESCRIPTION_MISSING'),
    );
    expect(codes(strict)).toEqual(['error SKILL_MD_DESCRIPTION_MISSING']);
  });

  it('a map as name is one SKILL_MD_NAME_INVALID error in strict mode, where lenient mode warns (not a string, so the folder name is used)', () => {
    const text = '---\nname: {first: demo}\ndescription: Does demos.\n---\n';
    const strict = read(text, 'strict');
    expect(codes(strict)).toEqual(['error SKILL_MD_NAME_INVALID']);
    expect(strict.problems[0]!.message).toBe('SKILL.md: "name" must be a string, not a map');
    expect(codes(read(text, 'lenient'))).toEqual([
      'warning SKILL_MD_NOT_A_STRING',
      'warning SKILL_MD_NAME_MISSING',
    ]);
  });

  it('a list as name is one error in strict mode', () => {
    const strict = read('---\nname: [demo]\ndescription: Does demos.\n---\n', 'strict');
    expect(codes(strict)).toEqual(['error SKILL_MD_NAME_INVALID']);
    expect(strict.problems[0]!.message).toContain('not a list');
  });

  it('a boolean description is one SKILL_MD_DESCRIPTION_INVALID error in strict mode', () => {
    const strict = read('---\nname: demo\ndescription: true\n---\n', 'strict');
    expect(codes(strict)).toEqual(['error SKILL_MD_DESCRIPTION_INVALID']);
    expect(strict.problems[0]!.message).toContain('must be a string, not a boolean');
  });

  it('a number as name, which strict reads as written, keeps the lenient warning and gets no error', () => {
    const strict = read('---\nname: 2024\ndescription: Does demos.\n---\n', 'strict');
    expect(codes(strict)).toEqual([
      'warning SKILL_MD_NOT_A_STRING',
      'error SKILL_MD_NAME_FOLDER_MISMATCH',
    ]);
  });
});

describe('what YAML read a value as, in problem messages', () => {
  it('says "a map" (never "a object") for a map description in lenient mode', () => {
    const r = read('---\nname: demo\ndescription: {a: 1}\n---\n', 'lenient');
    const warning = r.problems.find((p) => p.code === 'SKILL_MD_NOT_A_STRING');
    expect(warning?.message).toBe(
      '"description" should be a string; YAML read it as a map. Put it in quotes.',
    );
  });

  it('says "a list" and "a number" for metadata values in strict mode', () => {
    const r = read(
      '---\nname: demo\ndescription: Does demos.\nmetadata:\n  tags: [a]\n  n: 1\n---\n',
      'strict',
    );
    const m = r.problems.find((p) => p.code === 'SKILL_MD_METADATA_INVALID');
    expect(m?.message).toContain('"tags" is a list, "n" is a number');
  });
});
