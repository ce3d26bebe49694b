import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { emptyLock, readLock, withEntry, writeLock } from './lockfile.js';
import type { LockEntry } from './types.js';

const gitEntry: LockEntry = {
  digest: 'ab'.repeat(32),
  commit: 'c'.repeat(40),
  type: 'git',
  source: 'github:acme/skills/skills/pdf',
  time: '2026-01-01T00:00:00.000Z',
  spec: 'git+https://github.com/acme/skills.git#::path:skills/pdf',
  integrity: 'sha256-q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s=',
  resolved: `git+https://github.com/acme/skills.git#${'c'.repeat(40)}::path:skills/pdf`,
  version: '0.0.0-sha256-abababababab',
  package: 'pdf',
  name: 'pdf',
};

describe('skills.lock.json entries from a folder, archive or git', () => {
  it('keep source, type, commit and digest after the base fields, and read back equal', async () => {
    const file = join(await tempDir(), 'skills.lock.json');
    await writeLock(file, withEntry(emptyLock(), gitEntry));
    const written = JSON.parse(await readFile(file, 'utf8')) as { skills: { pdf: object } };
    expect(Object.keys(written.skills.pdf)).toEqual([
      'name',
      'package',
      'version',
      'resolved',
      'integrity',
      'time',
      'spec',
      'source',
      'type',
      'commit',
      'digest',
    ]);
    expect((await readLock(file)).skills.pdf).toEqual(gitEntry);
  });
});
