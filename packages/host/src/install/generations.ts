// Loading a new generation beside the serving one. After an install flips the store's
// `current` link and the store is scanned again, each changed skill's new record must be
// there, valid, and (for code skills) load: its module is activated now, before the
// snapshot that routes calls to it is published. Until then every call still reaches the
// old generation, so a version that fails here never serves a call and the old one keeps
// serving. The activator keeps what loaded and drains the old generation after the swap.
import { isDeepStrictEqual } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { codeStamp } from '../runners/inline-reload.js';
import { mapSliced, slicer, type Slicer } from '../scan/yield.js';
import type { ActiveSkill } from '../runners/types.js';
import type { SwapExpectation } from './change.js';

export type GenerationLoad =
  { ok: true; records: ReadonlyMap<string, SkillRecord> } | { ok: false; error: SkillError };

export async function loadGeneration(
  records: readonly SkillRecord[],
  expect: readonly SwapExpectation[],
  activate: (record: SkillRecord) => Promise<ActiveSkill>,
): Promise<GenerationLoad> {
  const found = new Map<string, SkillRecord>();
  for (const { name, dir } of expect) {
    const record = records.find((r) => r.source.kind === 'store' && r.name === name);
    if (dir === undefined) {
      if (record) {
        return fail(`${name} is still in the store after removal (${record.dir}).`);
      }
      continue;
    }
    if (!record || record.dir !== dir) {
      return fail(`${dir} holds no skill named "${name}" after unpacking.`);
    }
    if (record.status === 'invalid') {
      const first = record.problems.find((p) => p.severity === 'error');
      return fail(
        `${first ? `${first.file}${first.line ? `:${first.line}` : ''} ${first.message}` : 'it is invalid'}`,
      );
    }
    // A shadowed record (a workspace skill of the same name wins) or one that is not ready
    // (missing env, config) is installed but does not serve: nothing to load.
    if (record.status === 'ready' && !record.shadowedBy && record.kind === 'code') {
      try {
        await activate(record);
      } catch (e) {
        return fail(e instanceof Error ? e.message : String(e), e);
      }
    }
    found.set(name, record);
  }
  return { ok: true, records: found };
}

function fail(message: string, cause?: unknown): GenerationLoad {
  return {
    ok: false,
    error: new SkillError('SKILL_CRASHED', message, cause === undefined ? {} : { cause }),
  };
}

/**
 * Keeps the previous snapshot's record object for every skill that did not change, so a
 * rescan or an install retires (and reloads) only the skills that changed: the activator
 * keys generations by record identity. A record counts as unchanged when it is deeply equal
 * to the previous one from the same folder and, for code skills, its entry file has the
 * same code stamp (rebuilt code is a new generation even when the manifest is the same).
 */
export function carryOver(
  previous: readonly SkillRecord[],
  next: readonly SkillRecord[],
  stamps: WeakMap<SkillRecord, string>,
  s: Slicer = slicer(),
): Promise<SkillRecord[]> {
  const before = new Map<string, SkillRecord>();
  for (const r of previous) before.set(`${r.source.precedence}\0${r.dir}`, r);
  // Sliced: deep comparisons of 1,000 records take ~10 ms, too long to hold calls up.
  return mapSliced(
    next,
    (r) => {
      const stamp = entryStamp(r);
      const p = before.get(`${r.source.precedence}\0${r.dir}`);
      if (p && stamps.get(p) === stamp && isDeepStrictEqual(p, r)) return p;
      stamps.set(r, stamp);
      return r;
    },
    s,
  );
}

const entryStamp = (r: SkillRecord): string => (r.entry ? codeStamp(r.entry) : '');
