import { describe, expect, it } from 'vitest';
import { ERROR_CODES, PROBLEM_CODES, SkillError } from './errors.js';

describe('the coded error and problem sets', () => {
  it('error codes and problem codes are each unique UPPER_SNAKE names', () => {
    for (const codes of [ERROR_CODES, PROBLEM_CODES] as readonly (readonly string[])[]) {
      expect(new Set(codes).size).toBe(codes.length);
      for (const c of codes) expect(c).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    }
  });

  it('codes shared by both sets are exactly the facts a command throws and a scan lists', () => {
    const errors = new Set<string>(ERROR_CODES);
    expect(PROBLEM_CODES.filter((c) => errors.has(c)).sort()).toEqual([
      'CONFIG_INVALID',
      'MANIFEST_INVALID',
      'NAME_COLLISION',
    ]);
  });

  it('SkillError.toJSON carries code, message, hint, file and line', () => {
    const e = new SkillError('USAGE', 'bad flag', { hint: 'see --help', file: '/f', line: 3 });
    expect(e.toJSON()).toEqual({
      code: 'USAGE',
      message: 'bad flag',
      hint: 'see --help',
      file: '/f',
      line: 3,
    });
  });
});
