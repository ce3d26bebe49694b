import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { emptyLock, readLock, withEntry, withoutEntry, writeLock } from './lockfile.js';
import type { LockEntry } from './types.js';

const entry = (name: string, version = '1.0.0'): LockEntry => ({
  time: '2026-01-01T00:00:00.000Z',
  spec: `oc-skill-${name}`,
  integrity: 'sha512-abc',
  resolved: `http://127.0.0.1:1/oc-skill-${name}/-/oc-skill-${name}-${version}.tgz`,
  version,
  package: `oc-skill-${name}`,
  name,
});

describe('skills.lock.json', () => {
  it('a missing file is an empty lock; entries are written sorted with a fixed field order', async () => {
    const file = join(await tempDir(), 'skills.lock.json');
    expect(await readLock(file)).toEqual(emptyLock());
    await writeLock(file, withEntry(withEntry(emptyLock(), entry('zeta')), entry('alpha')));
    const text = await readFile(file, 'utf8');
    expect(Object.keys(JSON.parse(text).skills)).toEqual(['alpha', 'zeta']);
    expect(Object.keys(JSON.parse(text).skills.alpha)).toEqual([
      'name',
      'package',
      'version',
      'resolved',
      'integrity',
      'time',
      'spec',
    ]);
    expect(withoutEntry(await readLock(file), 'zeta').skills).toEqual({ alpha: entry('alpha') });
  });

  it('a broken lockfile fails naming the file and the entry to fix', async () => {
    const file = join(await tempDir(), 'skills.lock.json');
    await writeFile(file, '{ nope');
    await expect(readLock(file)).rejects.toMatchObject({ code: 'INSTALL_FAILED', file });
    await writeFile(
      file,
      JSON.stringify({ lockfileVersion: 1, skills: { a: { ...entry('a'), integrity: 1 } } }),
    );
    await expect(readLock(file)).rejects.toMatchObject({
      message: `${file}: the entry "a" lacks integrity.`,
    });
    await writeFile(file, JSON.stringify({ lockfileVersion: 2, skills: {} }));
    await expect(readLock(file)).rejects.toMatchObject({
      message: `${file} is not a version 1 skills lockfile.`,
    });
  });
});
