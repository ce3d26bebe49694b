import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { beginJournal, endJournal, journalDir } from './journal.js';
import { writeLock, emptyLock, withEntry } from './lockfile.js';
import { checkInstalls, reconcileInstalls } from './reconcile.js';
import { createFileInstallState } from './state.js';
import {
  linkedVersion,
  placeVersion,
  pointTo,
  pruneVersions,
  storeLayout,
  type StoreLayout,
} from './store.js';
import type { LockEntry } from './types.js';

/** A pid no process has (above Linux's pid_max default). */
const DEAD_PID = 2 ** 22 + 7;

const entry = (version: string, time = `2026-01-0${version[0]}T00:00:00.000Z`): LockEntry => ({
  name: 'counter',
  package: 'oc-skill-counter',
  version,
  resolved: `file:/tmp/counter-${version}.tgz`,
  integrity: `sha512-${version}`,
  time,
  spec: `/tmp/counter-${version}.tgz`,
});

let home: string;
let layout: StoreLayout;
let lockfile: string;
const ctx = () => ({
  layout,
  state: createFileInstallState(lockfile),
  keepGenerations: () => 2,
});

async function place(version: string, time?: string) {
  const staged = join(home, `staged-${version}`);
  await mkdir(staged, { recursive: true });
  await writeFile(join(staged, 'SKILL.md'), `---\nname: counter\ndescription: v${version}\n---\n`);
  await placeVersion(layout, {
    name: 'counter',
    version,
    staged,
    entry: entry(version, time),
  });
}

/** A journal as a process killed mid-change leaves it: written by a pid that is gone. */
async function orphanJournal(record: Parameters<typeof beginJournal>[1]) {
  await beginJournal(layout, record);
  const file = join(journalDir(layout), 'counter.json');
  const { readFile } = await import('node:fs/promises');
  const data = JSON.parse(await readFile(file, 'utf8')) as { pid: number };
  await endJournal(layout, 'counter');
  await writeFile(file, JSON.stringify({ ...data, pid: DEAD_PID }));
}

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'oc-reconcile-'));
  layout = storeLayout(join(home, 'store'));
  lockfile = join(home, 'skills.lock.json');
  await place('1.0.0');
  await pointTo(layout, 'counter', 'current', '1.0.0');
  await writeLock(lockfile, withEntry(emptyLock(), entry('1.0.0')));
});

describe('reconcile after a killed update (1.0.0 -> 2.0.0)', () => {
  const update = {
    name: 'counter',
    op: 'update' as const,
    before: { current: '1.0.0', entry: entry('1.0.0') },
    after: { current: '2.0.0', previous: '1.0.0', entry: entry('2.0.0') },
    placed: '2.0.0',
  };

  it('killed before the lockfile write (links moved, lockfile old): undone, the placed folder removed, 1.0.0 current', async () => {
    await orphanJournal(update);
    await place('2.0.0');
    await pointTo(layout, 'counter', 'current', '2.0.0');
    await pointTo(layout, 'counter', 'previous', '1.0.0');
    expect((await checkInstalls(ctx())).map((f) => f.kind)).toEqual(['interrupted', 'mismatch']);

    const fixes = await reconcileInstalls(ctx());
    expect(fixes).toEqual([
      expect.objectContaining({
        action: 'undone',
        message: expect.stringContaining('update of counter@2.0.0'),
      }),
    ]);
    expect(await linkedVersion(layout, 'counter', 'current')).toBe('1.0.0');
    expect(await linkedVersion(layout, 'counter', 'previous')).toBeUndefined();
    expect(existsSync(layout.versionDir('counter', '2.0.0'))).toBe(false);
    expect(await checkInstalls(ctx())).toEqual([]);
  });

  it('killed after the lockfile write (links not moved yet): finished, 2.0.0 current and 1.0.0 previous', async () => {
    await orphanJournal(update);
    await place('2.0.0');
    await writeLock(lockfile, withEntry(emptyLock(), entry('2.0.0')));

    const fixes = await reconcileInstalls(ctx());
    expect(fixes.map((f) => f.action)).toEqual(['finished']);
    expect(await linkedVersion(layout, 'counter', 'current')).toBe('2.0.0');
    expect(await linkedVersion(layout, 'counter', 'previous')).toBe('1.0.0');
    expect(await checkInstalls(ctx())).toEqual([]);
  });

  it('a journal whose process still runs is reported in progress and left alone', async () => {
    await beginJournal(layout, update);
    try {
      expect((await checkInstalls(ctx()))[0]).toMatchObject({ kind: 'in-progress' });
      expect(await reconcileInstalls(ctx())).toEqual([]);
      await expect(beginJournal(layout, update)).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: expect.stringContaining('being changed by another process'),
      });
    } finally {
      await endJournal(layout, 'counter');
    }
  });
});

describe('reconcile after a killed remove', () => {
  it('killed after the lockfile dropped the entry: the skill folder goes; before it: the link comes back', async () => {
    const remove = {
      name: 'counter',
      op: 'remove' as const,
      before: { current: '1.0.0', entry: entry('1.0.0') },
      after: {},
    };
    await orphanJournal(remove);
    await pointTo(layout, 'counter', 'current', undefined);
    await reconcileInstalls(ctx());
    expect(await linkedVersion(layout, 'counter', 'current')).toBe('1.0.0');

    await orphanJournal(remove);
    await pointTo(layout, 'counter', 'current', undefined);
    await writeLock(lockfile, emptyLock());
    await reconcileInstalls(ctx());
    expect(existsSync(layout.skillDir('counter'))).toBe(false);
    expect(await checkInstalls(ctx())).toEqual([]);
  });
});

describe('pruning old generations', () => {
  it('keeps current, previous and the newest others up to keepGenerations; removes the rest and their entry files', async () => {
    for (const v of ['2.0.0', '3.0.0', '4.0.0', '5.0.0']) await place(v);
    await pointTo(layout, 'counter', 'current', '5.0.0');
    await pointTo(layout, 'counter', 'previous', '2.0.0');
    expect((await pruneVersions(layout, 'counter', 2)).sort()).toEqual(['1.0.0', '3.0.0']);
    const left = (await readdir(layout.skillDir('counter'))).sort();
    expect(left).toEqual([
      '2.0.0',
      '2.0.0.lock.json',
      '4.0.0',
      '4.0.0.lock.json',
      '5.0.0',
      '5.0.0.lock.json',
      'current',
      'previous',
    ]);
  });

  it('keepGenerations 0 keeps only the serving version and drops the previous link', async () => {
    await place('2.0.0');
    await pointTo(layout, 'counter', 'current', '2.0.0');
    await pointTo(layout, 'counter', 'previous', '1.0.0');
    expect(await pruneVersions(layout, 'counter', 0)).toEqual(['1.0.0']);
    expect(await linkedVersion(layout, 'counter', 'previous')).toBeUndefined();
  });
});

describe('checkInstalls without a journal', () => {
  it('names a lockfile and a store out of step, and an empty skill folder', async () => {
    await place('2.0.0');
    await pointTo(layout, 'counter', 'current', '2.0.0');
    await mkdir(layout.skillDir('ghost'));
    const findings = await checkInstalls(ctx());
    expect(findings).toEqual([
      {
        name: 'counter',
        kind: 'mismatch',
        message: 'the lockfile lists counter@1.0.0; the store serves 2.0.0',
      },
      {
        name: 'ghost',
        kind: 'leftover',
        message: `${layout.skillDir('ghost')} is an empty folder`,
      },
    ]);
  });
});
