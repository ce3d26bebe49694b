// Stage 7: run the tool in its skill's runner under its timeout. The invoke is raced
// against the deadline, so a tool that ignores its AbortSignal still yields TIMEOUT on time
// (its signal has fired by then), and a result that arrives after the deadline (a tool that
// blocked the event loop past it) is TIMEOUT too. The caller's ctx.signal aborts the tool
// the same way. A call given up on is "abandoned": the activation stops counting it, so
// disposing the skill does not wait for a call nobody waits for.
import type { SkillError, ToolCallInfo } from '@openclaw/skill-sdk';
import type { Abandonable } from '../runners/activations.js';
import type { ActiveSkill } from '../runners/types.js';
import type { Deadline, Deadlines } from './deadlines.js';

/**
 * Per-call information for the tool. The AbortController is created only when someone
 * reads `signal` or the call is aborted: most calls finish without either, and creating a
 * controller per call would cost more than the rest of the dispatch.
 */
export class CallInfo implements ToolCallInfo, Abandonable {
  readonly callId: string;
  readonly session: string | undefined;
  #controller: AbortController | undefined;
  #onAbandon: (() => void) | undefined;

  constructor(callId: string, session: string | undefined) {
    this.callId = callId;
    this.session = session;
  }

  get signal(): AbortSignal {
    return (this.#controller ??= new AbortController()).signal;
  }

  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    (this.#controller ??= new AbortController()).abort(reason);
    const listener = this.#onAbort;
    this.#onAbort = undefined;
    listener?.(reason);
  }

  #onAbort: ((reason: unknown) => void) | undefined;
  #aborted = false;
  #reason: unknown;

  /**
   * For runners that forward aborts across a thread or process (runners/remote.ts) and MCP
   * requests (mcp-client/request-signal.ts): one listener, without creating the
   * AbortController a signal listener would need. A call aborted before the listener is
   * set (while its runner or server was starting) calls it in a microtask, as a signal's
   * `aborted` check would have caught it.
   */
  onAbort(listener: ((reason: unknown) => void) | undefined): void {
    if (this.#aborted) {
      this.#onAbort = undefined;
      const reason = this.#reason;
      if (listener) queueMicrotask(() => listener(reason));
      return;
    }
    this.#onAbort = listener;
  }

  onAbandon(fn: () => void): void {
    this.#onAbandon = fn;
  }

  /** The router gave up on the call (timeout or abort). */
  abandon(): void {
    const fn = this.#onAbandon;
    this.#onAbandon = undefined;
    fn?.();
  }
}

export type RunOutcome =
  /** `at`: performance.now() when a synchronous tool returned (the call's end, read once). */
  | { kind: 'ok'; value: unknown; at?: number }
  | { kind: 'error'; error: unknown }
  /** The skill could not be loaded (its error carries the runner's code). */
  | { kind: 'activation'; error: SkillError }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

const TIMEOUT: RunOutcome = Object.freeze({ kind: 'timeout' });
const ABORTED: RunOutcome = Object.freeze({ kind: 'aborted' });

export interface RunRequest {
  active: ActiveSkill;
  tool: string;
  input: unknown;
  info: CallInfo;
  /** performance.now() when the tool's time began, if the router just read it. */
  startedAt: number | undefined;
  timeoutMs: number;
  /** The caller's ctx.signal. */
  signal: AbortSignal | undefined;
  deadlines: Deadlines;
}

/**
 * Runs the tool. A runner without a boundary (inline) is called synchronously: a tool that
 * returns a value (or throws) is answered at once, with no timer, listener, closure or
 * promise, and a result that came after the deadline (a tool that blocked that long) is
 * TIMEOUT as on the async path. A tool that returns a promise gets the deadline and abort
 * handling: the caller gets the RunningCall and says with `settle` what to make of its
 * outcome.
 */
export function runTool(req: RunRequest): RunOutcome | RunningCall {
  const { active, signal } = req;
  if (active.invokeNow === undefined || signal?.aborted) {
    const running = new RunningCall(req);
    running.start();
    return running;
  }
  const at = (req.startedAt ?? performance.now()) + req.timeoutMs;
  let value: unknown;
  try {
    value = active.invokeNow(req.tool, req.input, req.info);
  } catch (error) {
    return performance.now() >= at ? expired(req) : { kind: 'error', error };
  }
  if (isThenable(value)) {
    const running = new RunningCall(req, at);
    running.follow(value);
    return running;
  }
  const end = performance.now();
  return end >= at ? expired(req) : { kind: 'ok', value, at: end };
}

/** A call that settled synchronously but after its deadline: as RunningCall.expire(). */
function expired(req: RunRequest): RunOutcome {
  req.info.abort(timedOut(req));
  req.info.abandon();
  return TIMEOUT;
}

const timedOut = (req: RunRequest) =>
  new DOMException(`${req.tool} timed out after ${req.timeoutMs} ms`, 'TimeoutError');

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  (typeof v === 'object' || typeof v === 'function') &&
  v !== null &&
  typeof (v as { then?: unknown }).then === 'function';

/**
 * One call in flight, and its own deadline: one object (with its methods on the prototype)
 * instead of a closure per outcome, since this runs for every call.
 */
export class RunningCall implements Deadline {
  readonly at: number;
  prev?: Deadline | undefined;
  next?: Deadline | undefined;
  linked?: boolean | undefined;
  #done = false;
  readonly #req: RunRequest;
  #deliver: ((o: RunOutcome) => void) | undefined;
  /** An outcome that came before `settle` (the tool threw, or the signal had fired). */
  #early: RunOutcome | undefined;
  #onAbort: (() => void) | undefined;

  constructor(req: RunRequest, at?: number) {
    this.#req = req;
    this.at = at ?? (req.startedAt ?? performance.now()) + req.timeoutMs;
  }

  /**
   * The promise of `then(outcome)`: `then` runs in the microtask the outcome arrives in, so
   * the promise holds the caller's answer with no further hop. `then` must not throw.
   */
  settle<T>(then: (o: RunOutcome) => T): Promise<T> {
    return new Promise<T>((resolve) => {
      const deliver = (o: RunOutcome) => resolve(then(o));
      if (this.#early) deliver(this.#early);
      else this.#deliver = deliver;
    });
  }

  /** Starts the deadline and the abort listener, then invokes the tool. */
  start(): void {
    if (this.#watch()) return;
    const { active, tool, input, info } = this.#req;
    let pending: Promise<unknown>;
    try {
      pending = active.invoke(tool, input, info);
    } catch (error) {
      return this.#settled({ kind: 'error', error });
    }
    this.#await(pending);
  }

  /** For a tool already invoked (synchronously) that returned a promise. */
  follow(pending: PromiseLike<unknown>): void {
    if (this.#watch()) return;
    this.#await(Promise.resolve(pending));
  }

  /** Links the deadline and listens to the caller's signal; true when it already aborted. */
  #watch(): boolean {
    const { info, signal, deadlines } = this.#req;
    deadlines.add(this);
    if (signal) {
      const onAbort = (this.#onAbort = () => {
        info.abort(signal.reason ?? new Error('The call was aborted.'));
        this.#finish(ABORTED);
      });
      if (signal.aborted) {
        onAbort();
        return true;
      }
      signal.addEventListener('abort', onAbort, { once: true });
    }
    return false;
  }

  #await(pending: Promise<unknown>): void {
    pending.then(
      (value) => this.#settled({ kind: 'ok', value }),
      (error: unknown) => this.#settled({ kind: 'error', error }),
    );
  }

  expire(): void {
    if (this.#done) return;
    // Abort first so the tool sees its signal fire before the caller sees TIMEOUT.
    this.#req.info.abort(timedOut(this.#req));
    this.#finish(TIMEOUT);
  }

  #settled(o: RunOutcome): void {
    if (this.#done) return;
    // Late, whatever the reason (a synchronous block keeps the timer from firing first).
    if (performance.now() >= this.at) return this.expire();
    this.#finish(o);
  }

  #finish(o: RunOutcome): void {
    if (this.#done) return;
    this.#done = true;
    const { deadlines, signal, info } = this.#req;
    deadlines.delete(this);
    if (signal && this.#onAbort) signal.removeEventListener('abort', this.#onAbort);
    if (o === TIMEOUT || o === ABORTED) info.abandon();
    if (this.#deliver) this.#deliver(o);
    else this.#early = o;
  }
}

/**
 * Awaits a promise, giving up after `ms` or when the signal aborts (for activation, which
 * runs before the tool's own deadline starts).
 */
export function within<T>(
  p: Promise<T>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<
  | { kind: 'ok'; value: T }
  | { kind: 'error'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (
      o:
        | { kind: 'ok'; value: T }
        | { kind: 'error'; error: unknown }
        | { kind: 'timeout' }
        | { kind: 'aborted' },
    ) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(o);
    };
    const onAbort = () => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), ms);
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    p.then(
      (value) => finish({ kind: 'ok', value }),
      (error: unknown) => finish({ kind: 'error', error }),
    );
  });
}
