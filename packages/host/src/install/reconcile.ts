// Finishing or undoing changes a killed process left, and finding where the store and the
// lockfile disagree. The lockfile is the record: a journaled change whose `after` entry is in
// the lockfile is finished (links to `after`, pruned), any other is undone (links to `before`,
// the folder it placed removed). Runs when a host starts, before every install operation, and
// from `doctor --fix`; `checkInstalls` only reads, for `doctor`.
import { readdir, rm } from 'node:fs/promises';
import { decodeFileName } from '../paths.js';
import { applySide, tidy, type ChangeContext } from './change.js';
import { readJournals, type JournalEntry, type JournalRecord } from './journal.js';
import type { InstallState } from './state.js';
import {
  linkedVersion,
  readVersionEntry,
  removeIfEmpty,
  removeStaleStaging,
  staleStaging,
  removeVersion,
  storedVersions,
  type StoreLayout,
} from './store.js';
import type { LockEntry, LockFile } from './types.js';

export interface InstallFix {
  name?: string;
  /** `finished` / `undone`: an interrupted change; `removed`: leftovers. */
  action: 'finished' | 'undone' | 'removed';
  message: string;
}

export interface InstallFinding {
  name?: string;
  kind: 'interrupted' | 'in-progress' | 'mismatch' | 'leftover';
  message: string;
}

const UNFINISHED_RECORD =
  'a journal record whose writer was killed before it was complete (nothing was changed under it)';

type ReconcileContext = Pick<ChangeContext, 'layout' | 'state' | 'keepGenerations'>;

const sameEntry = (a: LockEntry | undefined, b: LockEntry | undefined) =>
  a?.version === b?.version && a?.integrity === b?.integrity;

/** Finishes or undoes every change whose process is gone, and removes its leftovers. */
export async function reconcileInstalls(ctx: ReconcileContext): Promise<InstallFix[]> {
  const fixes: InstallFix[] = [];
  const stale = (await readJournals(ctx.layout)).filter((j) => !j.live);
  if (stale.length > 0) {
    const lock = await ctx.state.read();
    for (const j of stale) {
      fixes.push(
        j.record
          ? await settle(ctx, j.record, lock)
          : { action: 'removed', message: `removed ${j.file}, ${UNFINISHED_RECORD}` },
      );
      await rm(j.file, { force: true });
    }
  }
  for (const dir of await removeStaleStaging(ctx.layout.root)) {
    fixes.push({
      action: 'removed',
      message: `removed ${dir}, left by an install that was killed`,
    });
  }
  return fixes;
}

async function settle(
  ctx: ReconcileContext,
  r: JournalRecord,
  lock: LockFile,
): Promise<InstallFix> {
  const { layout } = ctx;
  const recorded = lock.skills[r.name];
  const label = `${r.op} of ${r.name}${r.after.current ? `@${r.after.current}` : ''}`;
  if (sameEntry(recorded, r.after.entry)) {
    await applySide(layout, r.name, r.after);
    await tidy(ctx, r.name, r.after);
    return { name: r.name, action: 'finished', message: `finished the interrupted ${label}` };
  }
  await applySide(layout, r.name, r.before);
  if (r.placed && r.placed !== r.before.current && r.placed !== r.before.previous) {
    await removeVersion(layout, r.name, r.placed);
  }
  await removeIfEmpty(layout, r.name);
  const back = r.before.current ? `; ${r.name}@${r.before.current} serves` : '';
  return { name: r.name, action: 'undone', message: `undid the interrupted ${label}${back}` };
}

/** Skill folders in the store (decoded names), without the dot folders. */
async function storeNames(layout: StoreLayout): Promise<string[]> {
  try {
    return (await readdir(layout.root))
      .filter((n) => !n.startsWith('.'))
      .map((n) => decodeFileName(n))
      .filter((n): n is string => n !== undefined)
      .sort();
  } catch {
    return [];
  }
}

/** What disagrees, read only: journals, lockfile vs store, leftovers. */
export async function checkInstalls(ctx: {
  layout: StoreLayout;
  state: InstallState;
}): Promise<InstallFinding[]> {
  const { layout } = ctx;
  const findings: InstallFinding[] = (await readJournals(layout)).map(journalFinding);
  for (const dir of await staleStaging(layout.root)) {
    findings.push({ kind: 'leftover', message: `${dir} was left by an install that was killed` });
  }
  const lock = await ctx.state.read();
  const names = new Set([...(await storeNames(layout)), ...Object.keys(lock.skills)]);
  for (const name of [...names].sort()) {
    const finding = await compare(layout, name, lock.skills[name]);
    if (finding) findings.push(finding);
  }
  return findings;
}

function journalFinding(j: JournalEntry): InstallFinding {
  const r = j.record;
  if (!r) return { kind: 'leftover', message: `${j.file} is ${UNFINISHED_RECORD}` };
  const what = `${r.op} of ${r.name}${r.after.current ? `@${r.after.current}` : ''}`;
  return j.live
    ? { name: r.name, kind: 'in-progress', message: `an ${what} is in progress (pid ${r.pid})` }
    : {
        name: r.name,
        kind: 'interrupted',
        message: `an ${what} was interrupted (pid ${r.pid} is gone; ${j.file})`,
      };
}

async function compare(
  layout: StoreLayout,
  name: string,
  entry: LockEntry | undefined,
): Promise<InstallFinding | undefined> {
  const current = await linkedVersion(layout, name, 'current');
  const mismatch = (message: string): InstallFinding => ({ name, kind: 'mismatch', message });
  if (entry && current === undefined) {
    return mismatch(`the lockfile lists ${name}@${entry.version}; the store serves no version`);
  }
  if (entry && current !== entry.version) {
    return mismatch(`the lockfile lists ${name}@${entry.version}; the store serves ${current}`);
  }
  if (entry) {
    const have = await readVersionEntry(layout, name, entry.version);
    return have?.integrity === entry.integrity
      ? undefined
      : mismatch(`the store's ${name}@${entry.version} is not what the lockfile records`);
  }
  if (current !== undefined) {
    return mismatch(`the store serves ${name}@${current}; the lockfile does not list it`);
  }
  const versions = await storedVersions(layout, name);
  if (versions.length === 0 && (await isEmpty(layout.skillDir(name)))) {
    return { name, kind: 'leftover', message: `${layout.skillDir(name)} is an empty folder` };
  }
  return undefined;
}

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return false;
  }
}
