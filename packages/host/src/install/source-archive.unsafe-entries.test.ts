import { describe, expect, it } from 'vitest';
import { unsafeEntry } from './source-archive.js';

describe('unsafeEntry', () => {
  it.each([
    ['pdf/SKILL.md', 'file'],
    ['pdf/scripts/', 'directory'],
    ['pdf/./assets/logo.txt', 'file'],
  ] as const)('lets %s through', (path, type) => {
    expect(unsafeEntry({ path, type })).toBeUndefined();
  });

  it.each([
    ['/etc/passwd', 'absolute path'],
    ['C:/Windows/x', 'absolute path'],
    ['../evil', '".." path'],
    ['pdf/../../evil', '".." path'],
    ['pdf\\..\\..\\evil', '".." path'],
  ])('refuses the path %s (%s)', (path, why) => {
    expect(unsafeEntry({ path, type: 'file' })).toContain(why);
  });

  it('allows a symlink that stays inside and refuses one that climbs out or is absolute', () => {
    expect(
      unsafeEntry({ path: 'pdf/run', type: 'symlink', target: 'scripts/run.sh' }),
    ).toBeUndefined();
    expect(unsafeEntry({ path: 'pdf/a/b', type: 'symlink', target: '../../c' })).toBeUndefined();
    expect(unsafeEntry({ path: 'pdf/x', type: 'symlink', target: '../../etc/passwd' })).toContain(
      'outside the folder',
    );
    expect(unsafeEntry({ path: 'x', type: 'symlink', target: '/etc/passwd' })).toContain(
      'absolute path /etc/passwd',
    );
  });

  it('refuses hard links and device files', () => {
    expect(unsafeEntry({ path: 'pdf/dev', type: 'other' })).toContain('neither a file');
  });
});
