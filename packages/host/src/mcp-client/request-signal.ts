// The AbortSignal handed to the MCP SDK for one tools/call, so that a call the router gives
// up on (its timeout, the caller's abort) sends `notifications/cancelled` to the server.
//
// Why not an AbortController: on Node 20 one costs about 5 µs to create (an EventTarget and
// its bookkeeping) and adding a listener as much again, several times the router's whole
// pipeline, and the MCP SDK needs a fresh signal per request (it never removes its
// listener, so one shared signal would cancel every past request when it fired). The SDK's
// request() reads only `aborted`, `reason`, `throwIfAborted()` and adds 'abort' listeners:
// this object is exactly that, fired through the router's CallInfo.onAbort slot. The SDK
// version is pinned; mcp-client.lifecycle.test.ts checks that a timed-out and an aborted
// call each reach the server as notifications/cancelled, and request-signal.test.ts that
// this object behaves as the SDK reads it.
import type { ToolCallInfo } from '@openclaw/skill-sdk';

type Listener = (this: unknown, event: { type: 'abort' }) => void;

/** What the router's CallInfo offers: one listener slot for the call's abort. */
interface AbortHook {
  onAbort(listener: ((reason: unknown) => void) | undefined): void;
}

export class RequestSignal {
  aborted = false;
  reason: unknown = undefined;
  #listeners: Listener[] | undefined;
  #released = false;

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: string, listener: Listener): void {
    if (type !== 'abort' || typeof listener !== 'function') return;
    (this.#listeners ??= []).push(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    if (type !== 'abort' || !this.#listeners) return;
    const i = this.#listeners.indexOf(listener);
    if (i >= 0) this.#listeners.splice(i, 1);
  }

  /**
   * The request settled: a later abort must not fire the SDK's listener, which it never
   * removes and which would send notifications/cancelled for a request already answered.
   */
  release(): void {
    this.#released = true;
    this.#listeners = undefined;
  }

  /** Fires once, as AbortController.abort() does: listeners run synchronously, in order. */
  abort(reason: unknown): void {
    if (this.aborted || this.#released) return;
    this.aborted = true;
    this.reason = reason ?? new DOMException('This operation was aborted', 'AbortError');
    const event = { type: 'abort' as const };
    const listeners = this.#listeners ?? [];
    this.#listeners = undefined;
    for (const l of listeners) {
      try {
        l.call(this, event);
      } catch (e) {
        // An AbortSignal reports a throwing listener without stopping the others.
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  }
}

/**
 * The signal for one MCP request: a RequestSignal wired to the router's CallInfo, or the
 * call's own AbortSignal for any other caller (tests, embedders calling a connection).
 */
export function requestSignal(info: ToolCallInfo): AbortSignal {
  const hook = info as Partial<AbortHook>;
  if (typeof hook.onAbort !== 'function') return info.signal;
  const signal = new RequestSignal();
  hook.onAbort((reason) => signal.abort(reason));
  // Structurally the part of AbortSignal the SDK reads (see the top of this file).
  return signal as unknown as AbortSignal;
}
