// The host side of a worker or sandbox runner: one generation of one skill whose code runs
// behind a message channel. It starts the runner, forwards tool calls and aborts, answers
// the skill's context requests (auth, secrets, storage, log) with the host-side context in
// the scope of the call they belong to, and survives the runner dying: calls in flight get
// SKILL_CRASHED, the next call starts a fresh runner, with backoff after repeated crashes.
// A runner that stops answering after a call timed out is stopped, so a `while(true){}`
// costs one timeout, not the skill. A runner that sends what the host does not read (a
// message over the size limit, bytes that are no message) is stopped the same way.
import { SkillError, type SkillContext, type ToolCallInfo } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { runInCallScope } from './call-scope.js';
import {
  toWireError,
  type ActivateMessage,
  type FromRunner,
  type ToRunner,
} from './runtime/protocol.js';
import type { ActiveSkill, RunnerKind } from './types.js';
import { contextOp, logFromRunner } from './context-ops.js';
import { GARBLED, resultTooLarge, uncaughtReason, type Refused } from './runner-messages.js';
import { fromWire } from './wire-errors.js';

/** A started runner (a worker thread or a child process). */
export interface RunnerChannel {
  post(message: ToRunner): void;
  /** Ends the runner now; `exit` follows. */
  kill(): void;
}

export interface ChannelHooks {
  message(message: FromRunner): void;
  /** The runner ended; `why` completes "Skill X's runner ..." (e.g. "ran out of memory"). */
  exit(why: string): void;
  /** A line the skill wrote to stdout or stderr. */
  output(stream: 'stdout' | 'stderr', line: string): void;
  /**
   * The runner sent something the host did not read (over the size limit, or not a
   * message): the channel stopped reading, and the runner is stopped.
   */
  refused(r: Refused): void;
}

export type Launch = (hooks: ChannelHooks) => RunnerChannel;

export interface RemoteOptions {
  kind: Exclude<RunnerKind, 'inline'>;
  skill: SkillRecord;
  ctx: SkillContext;
  activate: ActivateMessage;
  launch: Launch;
  /** How long a runner has to answer a ping after a call timed out (default 1000 ms). */
  hangGraceMs?: number;
  /** How long the skill may take to load before its runner is stopped (default 30 s). */
  activateTimeoutMs?: number;
  /** How long dispose waits for the skill's own dispose (default 2000 ms). */
  disposeGraceMs?: number;
  /** Clock for the crash backoff (tests). */
  now?: () => number;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  tool: string;
  callId: string;
  session: string | undefined;
  cleanup(): void;
}

interface Live {
  channel: RunnerChannel;
  ready: Promise<void>;
  isReady: boolean;
  dead: boolean;
  /** Set when the host stopped the runner on purpose (hang, dispose, failed activation). */
  stopReason?: string;
  calls: Map<number, Pending>;
  byCallId: Map<string, Pending>;
  /** A liveness check in progress after a call timed out; new calls wait for it. */
  check?: Promise<void>;
  pong?: (n: number) => void;
  disposed?: () => void;
}

/** Crashes in a row before restarts are delayed. */
const BACKOFF_AFTER = 3;
const BACKOFF_MAX_MS = 60_000;
interface AbortHook {
  onAbort(listener: ((reason: unknown) => void) | undefined): void;
}

/**
 * Calls `fn` when the call is aborted; returns the cleanup. The router's CallInfo offers a
 * listener slot: an AbortController and an event listener per call cost more than the rest
 * of a worker round trip. Any other ToolCallInfo is watched through its signal.
 */
function listenForAbort(call: ToolCallInfo, fn: (reason: unknown) => void): () => void {
  const hook = call as Partial<AbortHook>;
  if (typeof hook.onAbort === 'function') {
    hook.onAbort(fn);
    return () => hook.onAbort!(undefined);
  }
  const signal = call.signal;
  if (signal.aborted) {
    queueMicrotask(() => fn(signal.reason));
    return () => undefined;
  }
  const listener = () => fn(signal.reason);
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}

/** How a generation reports the end of its activation. */
interface Settle {
  ok(): void;
  fail(e: Error): void;
}

/**
 * One generation of one skill behind a message channel. At most one runner is live at a
 * time; a dead one is replaced on the next call (with backoff after repeated crashes).
 */
export class RemoteSkill implements ActiveSkill {
  readonly skill: string;
  readonly version: string;
  readonly #opts: RemoteOptions;
  readonly #now: () => number;
  readonly #hangGraceMs: number;
  #live: Live | undefined;
  #nextId = 0;
  #pings = 0;
  #crashes = 0;
  #lastCrash = 0;
  #disposed = false;

  constructor(opts: RemoteOptions) {
    this.#opts = opts;
    this.skill = opts.skill.name;
    this.version = opts.skill.version;
    this.#now = opts.now ?? Date.now;
    this.#hangGraceMs = opts.hangGraceMs ?? 1000;
  }

  /** Starts the first runner and waits until the skill has loaded (or failed to). */
  async start(): Promise<void> {
    await this.#ensure();
  }

  invoke(tool: string, input: unknown, call: ToolCallInfo): Promise<unknown> {
    const l = this.#live;
    // The usual case without an extra await: a ready runner that is not being checked.
    if (l && l.isReady && !l.dead && !l.check) return this.#send(l, { tool, input, call });
    return this.#ensure().then((r) => this.#send(r, { tool, input, call }));
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    const l = this.#live;
    this.#live = undefined;
    if (!l || l.dead) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#stop(l, 'did not finish disposing in time');
      }, this.#opts.disposeGraceMs ?? 2000);
      l.disposed = () => {
        clearTimeout(timer);
        l.disposed = undefined;
        this.#stop(l, 'was unloaded');
        resolve();
      };
      this.#post(l, { t: 'dispose' });
    });
  }

  #crashed(why: string): SkillError {
    return new SkillError(
      'SKILL_CRASHED',
      `Skill "${this.skill}" ${why}; its ${this.#opts.kind} runner was replaced, and the next call starts a fresh one.`,
      {
        hint: 'Retry once; if it keeps failing, the skill has a bug or needs more than it may use.',
      },
    );
  }

  #onMessage(l: Live, m: FromRunner, settle: Settle): void {
    switch (m.t) {
      case 'ready':
        l.isReady = true;
        settle.ok();
        return;
      case 'failed':
        settle.fail(fromWire(this.skill, { ...m.error, code: m.error.code ?? 'SKILL_CRASHED' }));
        this.#stop(l, 'failed to load');
        return;
      case 'result':
        this.#onResult(l, m);
        return;
      case 'ctx':
        this.#answerContext(l, m);
        return;
      case 'log':
        logFromRunner(this.#opts.ctx, m);
        return;
      case 'pong':
        l.pong?.(m.n);
        return;
      case 'disposed':
        l.disposed?.();
        return;
      case 'uncaught':
        // The runner went quiet after saying what it threw: stop it with that as the reason.
        this.#stop(l, uncaughtReason(String(m.error.message)));
        return;
    }
  }

  #onResult(l: Live, m: Extract<FromRunner, { t: 'result' }>): void {
    const p = l.calls.get(m.id);
    if (!p) return;
    this.#forget(l, m.id, p);
    if (m.ok) {
      this.#crashes = 0;
      p.resolve(m.value);
    } else p.reject(fromWire(this.skill, m.error));
  }

  /** A context request (auth, secrets, storage) runs in the scope of the call it belongs to. */
  #answerContext(l: Live, m: Extract<FromRunner, { t: 'ctx' }>): void {
    const p = m.callId !== undefined ? l.byCallId.get(m.callId) : undefined;
    const run = () => contextOp(this.#opts.ctx, m.op, m.args);
    const pending = p
      ? runInCallScope(
          { skill: this.skill, tool: p.tool, callId: p.callId, session: p.session },
          run,
        )
      : run();
    pending.then(
      (value) => this.#post(l, { t: 'reply', id: m.id, ok: true, value }),
      (e: unknown) => this.#post(l, { t: 'reply', id: m.id, ok: false, error: toWireError(e) }),
    );
  }

  #post(l: Live, m: ToRunner): void {
    if (l.dead) return;
    try {
      l.channel.post(m);
    } catch {
      // The channel closed under us: `exit` reports it.
    }
  }

  #forget(l: Live, id: number, p: Pending): void {
    l.calls.delete(id);
    if (l.byCallId.get(p.callId) === p) l.byCallId.delete(p.callId);
    p.cleanup();
  }

  #stop(l: Live, reason: string): void {
    if (l.dead || l.stopReason) return;
    l.stopReason = reason;
    // New calls go to a fresh runner; the calls still on this one end with its exit.
    if (this.#live === l) this.#live = undefined;
    l.channel.kill();
  }

  /** The call a refused result answered gets RESULT_TOO_LARGE; the others SKILL_CRASHED. */
  #onRefused(l: Live, r: Refused): void {
    const big = r.tooLarge;
    const p = big && l.calls.get(big.id);
    if (big && p) {
      this.#forget(l, big.id, p);
      p.reject(resultTooLarge({ skill: this.skill, tool: p.tool, ...big }));
    }
    this.#stop(l, r.why);
  }

  #onExit(l: Live, why: string, settle: Settle): void {
    if (l.dead) return;
    l.dead = true;
    if (this.#live === l) this.#live = undefined;
    const reason = l.stopReason ?? why;
    if (!this.#disposed) {
      this.#crashes++;
      this.#lastCrash = this.#now();
    }
    const error = this.#crashed(reason);
    settle.fail(error);
    for (const [id, p] of l.calls) {
      this.#forget(l, id, p);
      p.reject(error);
    }
    l.pong?.(-1);
    l.disposed?.();
  }

  /** Launches a runner and sends it the activation; `ready` settles when the skill loaded. */
  #launch(): Live {
    const { ready, settle: done } = deferred();
    const l: Live = {
      channel: undefined as unknown as RunnerChannel,
      ready,
      isReady: false,
      dead: false,
      calls: new Map(),
      byCallId: new Map(),
    };
    // A module that never finishes loading (a busy loop at top level) must not keep a
    // thread or process spinning: stop it, and the activation fails with SKILL_CRASHED.
    const loadMs = this.#opts.activateTimeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      if (!l.isReady)
        this.#stop(l, `did not finish loading within ${loadMs} ms, so it was stopped`);
    }, loadMs);
    timer.unref();
    const settle: Settle = {
      ok: () => (clearTimeout(timer), done.ok()),
      fail: (e) => (clearTimeout(timer), done.fail(e)),
    };
    try {
      l.channel = this.#open(l, settle);
    } catch (e) {
      clearTimeout(timer);
      throw e;
    }
    this.#post(l, this.#opts.activate);
    return l;
  }

  #open(l: Live, settle: Settle): RunnerChannel {
    const { ctx, kind } = this.#opts;
    try {
      return this.#opts.launch({
        message: (m) => {
          try {
            this.#onMessage(l, m, settle);
          } catch {
            // A message of the right kind with fields of the wrong shape: a broken runner.
            this.#onRefused(l, GARBLED);
          }
        },
        exit: (why) => this.#onExit(l, why, settle),
        output: (stream, line) => ctx.logger.info({ stream }, line),
        refused: (r) => this.#onRefused(l, r),
      });
    } catch (e) {
      throw new SkillError(
        'SKILL_CRASHED',
        `Skill "${this.skill}": its ${kind} runner could not start: ${e instanceof Error ? e.message : String(e)}`,
        { cause: e },
      );
    }
  }

  /** After a timeout: a runner that still answers keeps running; a hung one is stopped. */
  #checkAlive(l: Live): void {
    if (l.check || l.dead) return;
    const n = ++this.#pings;
    const graceMs = this.#hangGraceMs;
    l.check = new Promise<void>((resolve) => {
      const timer = setTimeout(
        () =>
          this.#stop(
            l,
            `did not respond for ${graceMs} ms after a call timed out, so it was stopped`,
          ),
        graceMs,
      );
      l.pong = (got) => {
        if (got !== n && got !== -1) return;
        clearTimeout(timer);
        l.pong = undefined;
        l.check = undefined;
        resolve();
      };
    });
    this.#post(l, { t: 'ping', n });
  }

  /** The live, ready runner: waits for a check or a load in progress, else starts one. */
  async #ensure(): Promise<Live> {
    for (;;) {
      if (this.#disposed) {
        throw new SkillError('SKILL_UNAVAILABLE', `Skill "${this.skill}" was unloaded.`, {
          hint: 'Call it again: the host loads its current version.',
        });
      }
      const l = this.#live;
      if (l && !l.dead) {
        if (l.check) {
          await l.check;
          continue;
        }
        if (!l.isReady) await l.ready;
        return l;
      }
      this.#refuseDuringBackoff();
      this.#live = this.#launch();
    }
  }

  #refuseDuringBackoff(): void {
    const crashes = this.#crashes;
    if (crashes < BACKOFF_AFTER) return;
    const wait = Math.min(1000 * 2 ** (crashes - BACKOFF_AFTER), BACKOFF_MAX_MS);
    const left = this.#lastCrash + wait - this.#now();
    if (left <= 0) return;
    throw new SkillError(
      'SKILL_CRASHED',
      `Skill "${this.skill}" crashed ${crashes} times in a row; it is restarted again in ${Math.ceil(left / 1000)} s.`,
      {
        hint: 'Tell the user the skill keeps crashing; `openclaw-skill doctor` shows its log.',
      },
    );
  }

  #send(l: Live, c: { tool: string; input: unknown; call: ToolCallInfo }): Promise<unknown> {
    const { tool, input, call } = c;
    return new Promise((resolve, reject) => {
      const id = ++this.#nextId;
      // The router has answered the caller already (TIMEOUT or ABORTED): settle here too, so
      // the call does not count as in flight any more; a late result from the runner is dropped.
      const onAbort = (reason: unknown) => {
        this.#post(l, { t: 'abort', id, reason: toWireError(reason) });
        if (l.calls.get(id) === p) {
          this.#forget(l, id, p);
          p.reject(new SkillError('ABORTED', `The call to ${tool} was aborted.`));
        }
        this.#checkAlive(l);
      };
      const p: Pending = {
        resolve,
        reject,
        tool,
        callId: call.callId,
        session: call.session,
        cleanup: listenForAbort(call, onAbort),
      };
      l.calls.set(id, p);
      // Only a skill that declares auth needs context requests matched to their call.
      if (this.#opts.activate.scoped) l.byCallId.set(call.callId, p);
      try {
        l.channel.post({
          t: 'invoke',
          id,
          tool,
          input,
          callId: call.callId,
          ...(call.session !== undefined && { session: call.session }),
        });
      } catch (e) {
        this.#forget(l, id, p);
        reject(
          new SkillError(
            'INVALID_INPUT',
            `The input for ${tool} cannot be sent to its ${this.#opts.kind} runner: ${e instanceof Error ? e.message : String(e)}`,
          ),
        );
      }
    });
  }
}

/** A promise and its settle functions; a rejection is never unhandled (whoever awaits sees it). */
function deferred(): { ready: Promise<void>; settle: Settle } {
  let ok!: () => void;
  let fail!: (e: Error) => void;
  const ready = new Promise<void>((res, rej) => {
    ok = res;
    fail = rej;
  });
  ready.catch(() => undefined);
  return { ready, settle: { ok, fail } };
}

/** Starts a remote skill: resolves once its first runner has loaded the skill. */
export async function startRemoteSkill(opts: RemoteOptions): Promise<ActiveSkill> {
  const remote = new RemoteSkill(opts);
  await remote.start();
  return remote;
}
