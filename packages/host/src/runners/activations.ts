// Lazy activation: a skill's code loads on its first call, once. Concurrent first calls
// share one activation promise; a failed activation is remembered, so the skill's calls
// fail fast with the same error until a rescan makes a new record, while every other
// skill keeps working. Keyed by record identity: a rescan's new records activate afresh.
//
// A retired generation is disposed once its calls finish. A call the router gave up on
// (timed out, aborted) stops counting at once, and disposal waits at most drainMs for the
// rest: a tool that never settles must not keep a skill (or host.close()) forever.
import { SkillError, type SkillContext, type ToolCallInfo } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { ActiveSkill, Runner } from './types.js';

/** How long a retired generation waits for its calls before it is disposed anyway. */
export const DEFAULT_DRAIN_MS = 60_000;

/** What the router's per-call info offers: a callback for when the router gives up. */
export interface Abandonable {
  onAbandon(fn: () => void): void;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  (typeof v === 'object' || typeof v === 'function') &&
  v !== null &&
  typeof (v as { then?: unknown }).then === 'function';

const canAbandon = (call: object): call is Abandonable =>
  typeof (call as Partial<Abandonable>).onAbandon === 'function';

export interface ActivatorDeps {
  /** The runner for a skill; throw a SkillError when the skill cannot run here. */
  runnerFor(skill: SkillRecord): Runner;
  contextFor(skill: SkillRecord): SkillContext;
  /** Activation for records that are not loaded from a folder (the built-in skill). */
  special?(skill: SkillRecord): ActiveSkill | undefined;
  onDisposeError(skill: string, error: unknown): void;
  /**
   * How long a retired generation may wait for its calls in flight before it is disposed
   * anyway (default 60 s): a call that never settles must not keep old code alive forever.
   */
  drainMs?: number;
  /** Told when a retired generation is disposed with calls still in flight. */
  onDrainTimeout?(skill: string, inflight: number): void;
}

export interface Activator {
  activate(skill: SkillRecord): Promise<ActiveSkill>;
  /**
   * Retires activations of records not in `current` (the previous generation after a swap);
   * each is disposed once its calls finish, or after `drainMs`. A retired record asked to
   * activate again (a call that looked it up just before the swap) gets the generation
   * still draining, or else the current record of the same name.
   */
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

/** One call fewer in flight; the last call of a retired generation lets it be disposed. */
function settled(entry: Entry): void {
  if (--entry.inflight === 0 && entry.retired) entry.idle?.();
}

/** Counts a call that went async once: when it settles or when the router abandons it. */
function follow(entry: Entry, p: PromiseLike<unknown>, call: ToolCallInfo): void {
  let counted = true;
  const done = () => {
    if (!counted) return;
    counted = false;
    settled(entry);
  };
  if (canAbandon(call)) call.onAbandon(done);
  p.then(done, done);
}

/** The runner's ActiveSkill wrapped so every call is counted in flight on its entry. */
function track(entry: Entry, active: ActiveSkill, dispose: () => Promise<void>): ActiveSkill {
  const invokeNow = active.invokeNow;
  return {
    skill: active.skill,
    version: active.version,
    invoke(tool, input, call) {
      entry.inflight++;
      let p: Promise<unknown>;
      try {
        p = active.invoke(tool, input, call);
      } catch (e) {
        p = Promise.reject(e);
      }
      follow(entry, p, call);
      return p;
    },
    ...(invokeNow && {
      invokeNow(tool: string, input: unknown, call: ToolCallInfo): unknown {
        entry.inflight++;
        let value: unknown;
        try {
          value = invokeNow(tool, input, call);
        } catch (e) {
          settled(entry);
          throw e;
        }
        if (isThenable(value)) follow(entry, value, call);
        else settled(entry);
        return value;
      },
    }),
    dispose,
  };
}

export function createActivator(deps: ActivatorDeps): Activator {
  const entries = new Map<SkillRecord, Entry>();
  // Generations: retired entries stay reachable from their record until disposed, and the
  // current record per name answers for a retired one whose code is gone.
  const draining = new WeakMap<SkillRecord, Entry>();
  const retiredRecords = new WeakSet<SkillRecord>();
  let currentByName = new Map<string, SkillRecord>();
  const drainMs = deps.drainMs ?? DEFAULT_DRAIN_MS;

  const dispose = (skill: SkillRecord, entry: Entry): Promise<void> =>
    (entry.disposed ??= entry.promise.then(
      () => entry.raw?.dispose().catch((e: unknown) => deps.onDisposeError(skill.name, e)),
      () => undefined,
    ));

  const retire = (skill: SkillRecord, entry: Entry): Promise<void> => {
    entry.retired = true;
    if (entry.inflight === 0) return dispose(skill, entry);
    draining.set(skill, entry);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        deps.onDrainTimeout?.(skill.name, entry.inflight);
        entry.idle?.();
      }, drainMs);
      timer.unref?.();
      entry.idle = () => {
        entry.idle = undefined;
        clearTimeout(timer);
        draining.delete(skill);
        void dispose(skill, entry).then(resolve);
      };
    });
  };

  function activate(skill: SkillRecord): Promise<ActiveSkill> {
    const cached = entries.get(skill) ?? draining.get(skill);
    if (cached) return cached.promise;
    if (retiredRecords.has(skill)) {
      const current = currentByName.get(skill.name);
      if (current && current !== skill) return activate(current);
      return Promise.reject(
        new SkillError(
          'SKILL_UNAVAILABLE',
          `Skill "${skill.name}" was removed while this call was starting.`,
          {
            hint: 'The skill is no longer installed; do not retry.',
          },
        ),
      );
    }
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
      return track(entry, active, () => {
        if (entries.get(skill) === entry) entries.delete(skill);
        return retire(skill, entry);
      });
    })();
    // A rejection is kept on purpose (fail fast until rescan); mark it handled here so an
    // unobserved failure never becomes an unhandledRejection.
    entry.promise.catch(() => undefined);
    entries.set(skill, entry);
    return entry.promise;
  }

  return {
    activate,
    retain(current) {
      const keep = new Set(current);
      const byName = new Map<string, SkillRecord>();
      for (const r of keep) if (!r.shadowedBy && !byName.has(r.name)) byName.set(r.name, r);
      for (const r of currentByName.values()) if (!keep.has(r)) retiredRecords.add(r);
      currentByName = byName;
      for (const [skill, entry] of entries) {
        if (keep.has(skill)) continue;
        entries.delete(skill);
        retiredRecords.add(skill);
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
