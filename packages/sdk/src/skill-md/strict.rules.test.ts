import { describe, expect, it } from 'vitest';
import { parseSkillMd } from './parse.js';

const strict = (text: string, folder = 'demo') =>
  parseSkillMd(text, { file: `/skills/${folder}/SKILL.md`, mode: 'strict' });
const spec = (text: string, folder = 'demo') =>
  parseSkillMd(text, { file: `/skills/${folder}/SKILL.md`, mode: 'spec' });
const codes = (r: { problems: { code: string; severity: string }[] }) =>
  r.problems.filter((p) => p.severity === 'error').map((p) => p.code);

describe('strict SKILL.md rules (Agent Skills, plus ours)', () => {
  it('passes a skill that uses only the allowed keys', () => {
    const r = strict(
      '---\nname: demo\ndescription: Does demos.\nlicense: MIT\ncompatibility: Needs git\nmetadata:\n  author: me\n  version: "1.0"\nallowed-tools: Bash(git:*) Read\n---\n',
    );
    expect(r.problems).toEqual([]);
  });

  it('requires the name to equal the folder name', () => {
    const r = strict('---\nname: other\ndescription: d\n---\n', 'demo');
    expect(r.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_NAME_FOLDER_MISMATCH',
        severity: 'error',
        line: 2,
        field: 'name',
      }),
    ]);
    expect(r.problems[0]!.message).toContain('"demo"');
  });

  it('compares name and folder after NFC normalisation, and allows lowercase Unicode letters', () => {
    const nfd = 'cafe\u0301'; // é as e + combining accent
    const r = strict(`---\nname: ${nfd}\ndescription: d\n---\n`, 'caf\u00e9');
    expect(r.problems).toEqual([]);
  });

  it('refuses "<" or ">" in the description', () => {
    const r = strict('---\nname: demo\ndescription: Use for <b>bold</b> demos\n---\n');
    expect(r.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_DESCRIPTION_INVALID',
        line: 3,
        field: 'description',
      }),
    ]);
    expect(
      parseSkillMd('---\nname: demo\ndescription: Use for <b>bold</b>\n---\n', {
        file: '/skills/demo/SKILL.md',
      }).problems,
    ).toEqual([]);
  });

  it.each([
    ['Demo', 'must be lowercase'],
    ['-demo', 'cannot start or end with a hyphen'],
    ['demo-', 'cannot start or end with a hyphen'],
    ['de--mo', 'two hyphens in a row'],
    ['de_mo', 'only letters, digits and hyphens'],
    ['a'.repeat(65), 'the limit is 64'],
  ])('refuses the name %j (%s)', (name, reason) => {
    const r = strict(`---\nname: ${name}\ndescription: d\n---\n`, name);
    expect(codes(r)).toEqual(['SKILL_MD_NAME_INVALID']);
    expect(r.problems[0]!.message).toContain(reason);
  });

  it('requires a name key (no folder default)', () => {
    expect(codes(strict('---\ndescription: d\n---\n'))).toEqual(['SKILL_MD_NAME_MISSING']);
  });

  it('limits the description to 1024 characters', () => {
    expect(codes(strict(`---\nname: demo\ndescription: ${'d'.repeat(1024)}\n---\n`))).toEqual([]);
    expect(codes(strict(`---\nname: demo\ndescription: ${'d'.repeat(1025)}\n---\n`))).toEqual([
      'SKILL_MD_DESCRIPTION_TOO_LONG',
    ]);
  });

  it('spec mode names each agent key as an unknown key, with its line', () => {
    const r = spec(
      '---\nname: demo\ndescription: d\nhomepage: https://x\nuser-invocable: true\n---\n',
    );
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_UNKNOWN_KEY', field: 'homepage', line: 4 }),
      expect.objectContaining({ code: 'SKILL_MD_UNKNOWN_KEY', field: 'user-invocable', line: 5 }),
    ]);
  });

  it('spec mode requires metadata to map strings to strings', () => {
    const nested = spec(
      '---\nname: demo\ndescription: d\nmetadata: { "openclaw": { "emoji": "x" } }\n---\n',
    );
    expect(nested.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_METADATA_INVALID', line: 4 }),
    ]);
    expect(nested.problems[0]!.message).toContain('"openclaw" is a map');
    expect(
      codes(strict('---\nname: demo\ndescription: d\nmetadata:\n  version: 1.5\n---\n')),
    ).toEqual(['SKILL_MD_METADATA_INVALID']);
    expect(codes(strict(`---\nname: demo\ndescription: d\nmetadata: '{"a": "b"}'\n---\n`))).toEqual(
      ['SKILL_MD_METADATA_INVALID'],
    );
  });

  it('limits compatibility to 500 characters and wants allowed-tools as a string (a list in spec mode)', () => {
    expect(
      codes(strict(`---\nname: demo\ndescription: d\ncompatibility: ${'c'.repeat(501)}\n---\n`)),
    ).toEqual(['SKILL_MD_COMPATIBILITY_INVALID']);
    expect(codes(spec('---\nname: demo\ndescription: d\nallowed-tools: ["Read"]\n---\n'))).toEqual([
      'SKILL_MD_ALLOWED_TOOLS_INVALID',
    ]);
    expect(
      codes(strict('---\nname: demo\ndescription: d\nallowed-tools: { Read: 1 }\n---\n')),
    ).toEqual(['SKILL_MD_ALLOWED_TOOLS_INVALID']);
  });

  it('makes an unquoted ": " an error, since other clients cannot read the file', () => {
    const r = strict('---\nname: demo\ndescription: Use when: asked\n---\n');
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_UNQUOTED_COLON', severity: 'error', line: 3 }),
    ]);
  });
});
