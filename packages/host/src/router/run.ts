// Stage 6: run the tool in its skill's runner under its timeout. The invoke is raced
// against the deadline, so a tool that ignores its AbortSignal still yields TIMEOUT on time
// (its signal has fired by then). The caller's ctx.signal aborts the tool the same way.
import type { ToolCallInfo } from '@openclaw/skill-sdk';
import type { ActiveSkill } from '../runners/types.js';
import type { Deadline, Deadlines } from './deadlines.js';

/**
 * Per-call information for the tool. The AbortController is created only when someone
 * reads `signal` or the call is aborted: most calls finish without either, and creating a
 * controller per call would cost more than the rest of the dispatch.
 */
export class CallInfo implements ToolCallInfo {
  readonly callId: string;
  readonly session: string | undefined;
  #controller: AbortController | undefined;

  constructor(callId: string, session: string | undefined) {
    this.callId = callId;
    this.session = session;
  }

  get signal(): AbortSignal {
    return (this.#controller ??= new AbortController()).signal;
  }

  abort(reason: unknown): void {
    (this.#controller ??= new AbortController()).abort(reason);
    const listener = this.#onAbort;
    this.#onAbort = undefined;
    listener?.(reason);
  }

  #onAbort: ((reason: unknown) => void) | undefined;

  /**
   * For runners that forward aborts across a thread or process (runners/remote.ts): one
   * listener, without creating the AbortController a signal listener would need.
   */
  onAbort(listener: ((reason: unknown) => void) | undefined): void {
    this.#onAbort = listener;
  }
}

export type RunOutcome =
  | { kind: 'ok'; value: unknown }
  | { kind: 'error'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

const TIMEOUT: RunOutcome = Object.freeze({ kind: 'timeout' });
const ABORTED: RunOutcome = Object.freeze({ kind: 'aborted' });

export function runTool(
  active: ActiveSkill,
  tool: string,
  input: unknown,
  info: CallInfo,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  deadlines: Deadlines,
): Promise<RunOutcome> {
  return new Promise<RunOutcome>((resolve) => {
    let done = false;
    const finish = (o: RunOutcome): void => {
      if (done) return;
      done = true;
      deadlines.delete(deadline);
      if (signal) signal.removeEventListener('abort', onAbort);
      resolve(o);
    };
    const onAbort = (): void => {
      info.abort(signal?.reason ?? new Error('The call was aborted.'));
      finish(ABORTED);
    };
    const deadline: Deadline = {
      at: Date.now() + timeoutMs,
      expire() {
        // Abort first so the tool sees its signal fire before the caller sees TIMEOUT.
        info.abort(new DOMException(`${tool} timed out after ${timeoutMs} ms`, 'TimeoutError'));
        finish(TIMEOUT);
      },
    };
    deadlines.add(deadline);
    if (signal) {
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
    }
    let pending: Promise<unknown>;
    try {
      pending = active.invoke(tool, input, info);
    } catch (error) {
      return finish({ kind: 'error', error });
    }
    pending.then(
      (value) => finish({ kind: 'ok', value }),
      (error: unknown) => finish({ kind: 'error', error }),
    );
  });
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
