import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { emptyLock, readLock, withEntry, writeLock } from './lockfile.js';
import type { LockEntry } from './types.js';
import { VERIFIED_PROVENANCE } from './trust.fixtures.js';

const provenance = VERIFIED_PROVENANCE;

const entry: LockEntry = {
  provenance,
  name: 'mail',
  package: 'oc-skill-mail',
  version: '1.0.0',
  resolved: 'http://127.0.0.1:1/oc-skill-mail/-/oc-skill-mail-1.0.0.tgz',
  integrity: 'sha512-abc',
  time: '2026-01-01T00:00:00.000Z',
  spec: 'oc-skill-mail',
  registry: 'http://127.0.0.1:1/',
};

describe('a lockfile entry with verified provenance', () => {
  it('keeps source repository, commit, workflow and builder, written last after the registry fields', async () => {
    const file = join(await tempDir(), 'skills.lock.json');
    await writeLock(file, withEntry(emptyLock(), entry));
    const written = JSON.parse(await readFile(file, 'utf8')) as {
      skills: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(written.skills.mail!).at(-1)).toBe('provenance');
    expect((await readLock(file)).skills.mail?.provenance).toEqual(provenance);
  });
});
