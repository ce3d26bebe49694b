import { SkillError } from '@openclaw/skill-sdk';
import type { InstallResult } from '@openclaw/skill-host';
import { describe, expect, it } from 'vitest';
import { installPicked, withSkill } from './install-skills.js';

const result = (spec: string) => ({ name: spec }) as unknown as InstallResult;

/** An install that refuses a source of several skills unless the spec names one. */
function fakeSource(skills: string[]) {
  const calls: string[] = [];
  const installOne = (spec: string): Promise<InstallResult> => {
    calls.push(spec);
    if (!spec.includes('::skill:')) {
      return Promise.reject(
        new SkillError('INVALID_INPUT', 'holds several', { details: { skills } }),
      );
    }
    return Promise.resolve(result(spec));
  };
  return { calls, installOne };
}

describe('withSkill', () => {
  it('adds ::skill: after an existing #ref, or starts the fragment', () => {
    expect(withSkill('git+file:///r#main', 'pdf')).toBe('git+file:///r#main::skill:pdf');
    expect(withSkill('github:o/r', 'pdf')).toBe('github:o/r#::skill:pdf');
  });
});

describe('installPicked', () => {
  it('--skill a --skill b installs each, in order', async () => {
    const s = fakeSource(['a', 'b', 'c']);
    const out = await installPicked('src', { skill: ['a', 'b'] }, s.installOne);
    expect(s.calls).toEqual(['src#::skill:a', 'src#::skill:b']);
    expect(out).toHaveLength(2);
  });

  it('--all installs every skill the refusal listed', async () => {
    const s = fakeSource(['a', 'b']);
    await installPicked('src', { all: true }, s.installOne);
    expect(s.calls).toEqual(['src', 'src#::skill:a', 'src#::skill:b']);
  });

  it('without either, the refusal for several skills reaches the user as it is', async () => {
    const s = fakeSource(['a', 'b']);
    await expect(installPicked('src', {}, s.installOne)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('--skill with --all is a usage error', async () => {
    const s = fakeSource(['a']);
    await expect(
      installPicked('src', { skill: ['a'], all: true }, s.installOne),
    ).rejects.toMatchObject({ code: 'USAGE' });
    expect(s.calls).toEqual([]);
  });
});
