// isSkillError recognises a SkillError made by another copy of the SDK (a skill installed
// with its own node_modules, or a host bundled into the CLI), and nothing else.
import { describe, expect, it, vi } from 'vitest';
import { isSkillError, SkillError } from './errors.js';

describe('isSkillError', () => {
  it('is true for a SkillError of a second copy of the module, whose class differs', async () => {
    vi.resetModules();
    const copy = await import('./errors.js');
    const foreign = new copy.SkillError('INVALID_INPUT', 'bad');
    expect(copy.SkillError).not.toBe(SkillError);
    expect(foreign instanceof SkillError).toBe(false);
    expect(isSkillError(foreign)).toBe(true);
  });

  it('is false for plain errors and look-alikes with only a name and a code', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'SkillError', code: 'TIMEOUT' });
    expect(isSkillError(lookAlike)).toBe(false);
    expect(isSkillError(new Error('x'))).toBe(false);
    expect(isSkillError({ code: 'TIMEOUT' })).toBe(false);
    expect(isSkillError(null)).toBe(false);
  });
});
