// The install journal: a write-ahead record of one skill's change, so a process killed at any
// step leaves something that says how to finish or undo it. An operation writes the record
// before it touches the store and deletes it after the lockfile and the store agree again:
//
//   <home>/store/.journal/<name>.json   { op, pid, before, after, placed }
//
// `before` and `after` are the store's links and the lockfile entry on either side of the
// change. The lockfile write is the commit point: reconcile (reconcile.ts) reads the lockfile,
// and finishes the change when it holds `after`, or puts `before` back when it does not.
// The record is created with link(2), which fails when one exists: two processes never own
// the same skill's change at once.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import { decodeFileName, encodeFileName } from '../paths.js';
import { pidAlive } from '../pid-alive.js';
import type { StoreLayout } from './store.js';
import type { LockEntry } from './types.js';

export type JournalOp = 'install' | 'update' | 'remove' | 'rollback';

/** One side of a change: where the links point and what the lockfile holds. */
export interface StoreSide {
  current?: string;
  previous?: string;
  /** The lockfile entry; absent when the skill is not installed on that side. */
  entry?: LockEntry;
}

export interface JournalRecord {
  name: string;
  op: JournalOp;
  /** The process that owns the change; a live owner's record is never touched. */
  pid: number;
  before: StoreSide;
  after: StoreSide;
  /** A version folder this change put into the store (removed when it is undone). */
  placed?: string;
}

/** Journals this process holds open, so its own live records are told from stale ones. */
const held = new Set<string>();

export const journalDir = (layout: StoreLayout) => join(layout.root, '.journal');
const journalFile = (layout: StoreLayout, name: string) =>
  join(journalDir(layout), `${encodeFileName(name)}.json`);

/**
 * Writes the record before any change; throws `INSTALL_FAILED` when another live process is
 * changing the same skill. The whole record is on disk (flushed) before link(2) makes it
 * visible, so a reader never sees half of one.
 */
export async function beginJournal(
  layout: StoreLayout,
  record: Omit<JournalRecord, 'pid'>,
): Promise<void> {
  const dir = journalDir(layout);
  await mkdir(dir, { recursive: true });
  const file = journalFile(layout, record.name);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify({ ...record, pid: process.pid }, null, 2)}\n`, {
    flush: true,
  });
  try {
    await link(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const other = await readJournal(file);
    throw new SkillError(
      'INSTALL_FAILED',
      `${record.name} is being changed by another process (pid ${other?.pid ?? '?'}); nothing was changed.`,
      {
        file,
        hint: 'Wait for it to finish. If no such process runs, `openclaw-skill doctor --fix` finishes or undoes its change.',
      },
    );
  } finally {
    await rm(tmp, { force: true });
  }
  held.add(file);
}

/** Deletes the record: the store and the lockfile agree again. */
export async function endJournal(layout: StoreLayout, name: string): Promise<void> {
  const file = journalFile(layout, name);
  await rm(file, { force: true });
  held.delete(file);
}

async function readJournal(file: string): Promise<JournalRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as JournalRecord;
  } catch {
    return undefined;
  }
}

export interface JournalEntry {
  file: string;
  /** Undefined when the file is not a readable record (a half-written temp file). */
  record: JournalRecord | undefined;
  /** Its owner still runs: the change is in progress, not interrupted. */
  live: boolean;
}

/** Every record in the journal, each marked live or stale. */
export async function readJournals(layout: StoreLayout): Promise<JournalEntry[]> {
  let names: string[];
  try {
    names = await readdir(journalDir(layout));
  } catch {
    return [];
  }
  const out: JournalEntry[] = [];
  for (const n of names.sort()) {
    const file = join(journalDir(layout), n);
    if (n.endsWith('.tmp')) {
      // A temp file whose writer died before link(2): nothing was changed under it.
      const pid = Number(n.split('.').at(-3));
      out.push({ file, record: undefined, live: ownerLive(file, pid) });
      continue;
    }
    const record = await readJournal(file);
    const named = record && decodeFileName(n.replace(/\.json$/, '')) === record.name;
    out.push({
      file,
      record: named ? record : undefined,
      live: record ? ownerLive(file, record.pid) : false,
    });
  }
  return out;
}

function ownerLive(file: string, pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return held.has(file);
  return pidAlive(pid);
}
