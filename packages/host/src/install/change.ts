// One skill's change from `before` to `after` (install, update, remove, rollback), crash
// consistent: journal first, then each step with its undo on one stack, the lockfile write as
// the commit point, then pruning. A failure unwinds the stack (the serving generation and the
// lockfile are as they were); a killed process leaves the journal, which reconcile.ts
// finishes or undoes, so the store and the lockfile always end up on one side.
import { rm } from 'node:fs/promises';
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import { beginJournal, endJournal, type JournalOp, type StoreSide } from './journal.js';
import type { InstallState } from './state.js';
import {
  placeVersion,
  pointTo,
  pruneVersions,
  readVersionEntry,
  removeIfEmpty,
  removeVersion,
  type StoreLayout,
} from './store.js';
import type { InstallProgress } from './types.js';
import { UndoStack } from './undo.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export interface Swapped {
  snapshot: CatalogSnapshot;
  records: ReadonlyMap<string, SkillRecord>;
}

/** What the host's swap must find for one skill: its store folder, or none (removed). */
export interface SwapExpectation {
  name: string;
  dir: string | undefined;
}

/** What a change needs from the installer. */
export interface ChangeContext {
  layout: StoreLayout;
  state: InstallState;
  /** Scans, loads the expected skills beside the serving ones, publishes (host.swap). */
  swap(expect: readonly SwapExpectation[]): Promise<Swapped>;
  /** Previous generations kept per skill after a change (install.keepGenerations). */
  keepGenerations(): number;
}

export interface Change {
  name: string;
  op: JournalOp;
  before: StoreSide;
  after: StoreSide;
  /** A checked staging folder that becomes `after.current` in the store. */
  staged?: string;
  onProgress?: (e: InstallProgress) => void;
}

/** Points `current` and `previous` where one side of a change has them. */
export async function applySide(layout: StoreLayout, name: string, side: StoreSide): Promise<void> {
  await pointTo(layout, name, 'previous', side.previous);
  await pointTo(layout, name, 'current', side.current);
}

const dirOf = (layout: StoreLayout, name: string, side: StoreSide) =>
  side.current === undefined ? undefined : layout.versionDir(name, side.current);

/** Runs one change; throws (having put everything back) when it could not be made. */
export async function applyChange(ctx: ChangeContext, change: Change): Promise<Swapped> {
  const { layout, state } = ctx;
  const { name, before, after } = change;
  const progress = change.onProgress ?? (() => undefined);
  const placed = change.staged ? await needsPlacing(ctx, change) : undefined;
  await beginJournal(layout, {
    name,
    op: change.op,
    before,
    after,
    ...(placed && { placed }),
  });
  const undo = new UndoStack();
  let swapped: Swapped;
  try {
    if (placed) await placeStep(ctx, change, placed, undo);
    undo.push(() => applySide(layout, name, before));
    await applySide(layout, name, after);
    progress({ step: 'load', detail: after.current ? `${name}@${after.current}` : name });
    swapped = await ctx.swap([{ name, dir: dirOf(layout, name, after) }]);
    undo.push(async () => {
      await applySide(layout, name, before);
      await ctx.swap([{ name, dir: dirOf(layout, name, before) }]);
    });
    progress({ step: 'lockfile', detail: state.where });
    await recordStep(state, change);
  } catch (e) {
    await undo.unwind();
    await endJournal(layout, name);
    throw e;
  }
  // Committed: what follows only tidies, and reconcile redoes it after a kill.
  progress({ step: 'prune', detail: name });
  await tidy(ctx, name, after).catch(() => undefined);
  await endJournal(layout, name);
  return swapped;
}

/**
 * The version folder this change must put into the store, or undefined when an identical
 * one is there already (the staging folder is then dropped).
 */
async function needsPlacing(ctx: ChangeContext, change: Change): Promise<string | undefined> {
  const version = change.after.current!;
  const have = await readVersionEntry(ctx.layout, change.name, version);
  if (have && have.integrity === change.after.entry?.integrity) {
    await rm(change.staged!, { recursive: true, force: true });
    return undefined;
  }
  return version;
}

async function placeStep(
  ctx: ChangeContext,
  change: Change,
  version: string,
  undo: UndoStack,
): Promise<void> {
  const { layout } = ctx;
  const { name, before } = change;
  change.onProgress?.({ step: 'store', detail: layout.versionDir(name, version) });
  undo.push(async () => {
    // Never a folder the other side still points at.
    if (version !== before.current && version !== before.previous) {
      await removeVersion(layout, name, version);
    }
    await removeIfEmpty(layout, name);
  });
  await placeVersion(layout, {
    name,
    version,
    staged: change.staged!,
    entry: change.after.entry!,
  });
}

async function recordStep(state: InstallState, change: Change): Promise<void> {
  const { name, after } = change;
  try {
    await state.record({
      name,
      action: change.op,
      ...(after.entry && { entry: after.entry }),
    });
  } catch (e) {
    const was = change.before.current;
    throw new SkillError(
      'INSTALL_FAILED',
      `${name} was not ${PAST[change.op]}: ${state.where} could not record it (${messageOf(e)})${was ? `; ${name}@${was} keeps serving` : ''}.`,
      { cause: e },
    );
  }
}

const PAST: Record<JournalOp, string> = {
  install: 'installed',
  update: 'updated',
  remove: 'removed',
  rollback: 'rolled back',
};

/** After the commit: a removed skill's files go; otherwise old generations are pruned. */
export async function tidy(
  ctx: Pick<ChangeContext, 'layout' | 'keepGenerations'>,
  name: string,
  after: StoreSide,
): Promise<void> {
  if (after.current === undefined) {
    // Calls in flight finish on the code already loaded; the files go now.
    await rm(ctx.layout.skillDir(name), { recursive: true, force: true });
    return;
  }
  await pruneVersions(ctx.layout, name, ctx.keepGenerations());
}
