// Lazy activation: a skill's code loads on its first call, once. Concurrent first calls
// share one activation promise; a failed activation is remembered, so the skill's calls
// fail fast with the same error until a rescan makes a new record, while every other
// skill keeps working. Keyed by record identity: a rescan's new records activate afresh.
//
// A retired activation is disposed once its calls finish. A call the router gave up on
// (timed out, aborted) stops counting at once, and disposal waits at most DISPOSE_GRACE_MS
// for the rest: a tool that never settles must not keep a skill (or host.close()) forever.
import type { SkillContext } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { ActiveSkill, Runner } from './types.js';

/** How long a retired activation waits for its calls before it is disposed anyway. */
export const DISPOSE_GRACE_MS = 5_000;

/** What the router's per-call info offers: a callback for when the router gives up. */
export interface Abandonable {
  onAbandon(fn: () => void): void;
}

const canAbandon = (call: object): call is Abandonable =>
  typeof (call as Partial<Abandonable>).onAbandon === 'function';

export interface ActivatorDeps {
  /** The runner for a skill; throw a SkillError when the skill cannot run here. */
  runnerFor(skill: SkillRecord): Runner;
  contextFor(skill: SkillRecord): SkillContext;
  /** Activation for records that are not loaded from a folder (the built-in skill). */
  special?(skill: SkillRecord): ActiveSkill | undefined;
  onDisposeError(skill: string, error: unknown): void;
  /** Default DISPOSE_GRACE_MS. */
  graceMs?: number;
}

export interface Activator {
  activate(skill: SkillRecord): Promise<ActiveSkill>;
  /** Retires activations of records not in `current`; each is disposed once its calls finish. */
  retain(current: Iterable<SkillRecord>): void;
  /** Disposes everything (waits for calls in flight). */
  close(): Promise<void>;
}

interface Entry {
  /** Resolves to the tracked wrapper handed to callers. */
  promise: Promise<ActiveSkill>;
  /** The runner's own ActiveSkill, once loaded (what gets disposed). */
  raw?: ActiveSkill;
  inflight: number;
  retired: boolean;
  disposed?: Promise<void>;
  idle?: () => void;
}

export function createActivator(deps: ActivatorDeps): Activator {
  const entries = new Map<SkillRecord, Entry>();

  const dispose = (skill: SkillRecord, entry: Entry): Promise<void> =>
    (entry.disposed ??= entry.promise.then(
      () => entry.raw?.dispose().catch((e: unknown) => deps.onDisposeError(skill.name, e)),
      () => undefined,
    ));

  const graceMs = deps.graceMs ?? DISPOSE_GRACE_MS;
  const retire = (skill: SkillRecord, entry: Entry): Promise<void> => {
    entry.retired = true;
    if (entry.inflight === 0) return dispose(skill, entry);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => entry.idle?.(), graceMs);
      entry.idle = () => {
        entry.idle = undefined;
        clearTimeout(timer);
        void dispose(skill, entry).then(resolve);
      };
    });
  };

  const track = (skill: SkillRecord, entry: Entry, active: ActiveSkill): ActiveSkill => {
    return {
      skill: active.skill,
      version: active.version,
      invoke(tool, input, call) {
        entry.inflight++;
        // Counted down once: when the call settles or when the router abandons it.
        let counted = true;
        const done = () => {
          if (!counted) return;
          counted = false;
          if (--entry.inflight === 0 && entry.retired) entry.idle?.();
        };
        if (canAbandon(call)) call.onAbandon(done);
        let p: Promise<unknown>;
        try {
          p = active.invoke(tool, input, call);
        } catch (e) {
          p = Promise.reject(e);
        }
        p.then(done, done);
        return p;
      },
      dispose: () => {
        if (entries.get(skill) === entry) entries.delete(skill);
        return retire(skill, entry);
      },
    };
  };

  return {
    activate(skill) {
      const cached = entries.get(skill);
      if (cached) return cached.promise;
      const entry: Entry = {
        promise: undefined as unknown as Promise<ActiveSkill>,
        inflight: 0,
        retired: false,
      };
      entry.promise = (async () => {
        const special = deps.special?.(skill);
        const active =
          special ?? (await deps.runnerFor(skill).activate(skill, deps.contextFor(skill)));
        entry.raw = active;
        return track(skill, entry, active);
      })();
      // A rejection is kept on purpose (fail fast until rescan); mark it handled here so an
      // unobserved failure never becomes an unhandledRejection.
      entry.promise.catch(() => undefined);
      entries.set(skill, entry);
      return entry.promise;
    },
    retain(current) {
      const keep = new Set(current);
      for (const [skill, entry] of entries) {
        if (keep.has(skill)) continue;
        entries.delete(skill);
        void retire(skill, entry);
      }
    },
    async close() {
      const all = [...entries];
      entries.clear();
      await Promise.all(all.map(([skill, entry]) => retire(skill, entry)));
    },
  };
}
