// Cancelling one tools/call on the wire without an AbortSignal per request. A signal is what
// the MCP SDK's request() takes for cancellation, but a real AbortController per call (the
// SDK adds a listener it never removes, so a signal cannot be shared) cost a stdio call more
// than the router's whole pipeline. Calls are far more often answered than aborted, so the
// cost moves to the abort: the client's transport notes the JSON-RPC id of each watched
// request as it goes out, and an abort sends `notifications/cancelled` for that id and
// answers the request with the error the SDK's own cancellation gives (the server sends no
// answer to a cancelled request), so the SDK lets it go and rejects the call at once.
// Only the Transport interface is used: `send` for what goes out, `onmessage` for what comes in.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallInfo } from '@openclaw/skill-sdk';

/** JSON-RPC's "request timed out" code, which the SDK's own cancellation rejects with. */
const REQUEST_TIMEOUT = -32001;

type RequestId = string | number;

/** What the router's CallInfo offers: one listener slot for the call's abort. */
interface AbortHook {
  onAbort(listener: ((reason: unknown) => void) | undefined): void;
}

export class RequestCancels {
  readonly #transport: Transport;
  readonly #send: Transport['send'];
  /**
   * Watched requests, by their params object (the SDK sends it as given), and their ids. A
   * plain Map, not a WeakMap: every entry is deleted when its call settles, and weak entries
   * on every call cost the garbage collector more than the lookup saves.
   */
  readonly #ids = new Map<object, RequestId | undefined>();
  readonly #cancelled = new WeakSet<object>();

  /** Watches what `transport` sends from now on (call it once, after the client connected). */
  constructor(transport: Transport) {
    this.#transport = transport;
    const send = transport.send.bind(transport);
    this.#send = send;
    transport.send = (message: JSONRPCMessage, options) => {
      const params = (message as { params?: unknown }).params;
      if ('id' in message && typeof params === 'object' && params !== null && this.#ids.has(params))
        this.#ids.set(params, message.id);
      return send(message, options);
    };
  }

  /**
   * Cancels the request sent with `params` when the router's CallInfo aborts; answers how to
   * stop watching once it settled. A caller without an abort slot gets undefined: it passes
   * its own signal to the SDK.
   */
  watch(params: object, info: ToolCallInfo): (() => void) | undefined {
    const hook = info as Partial<AbortHook>;
    if (typeof hook.onAbort !== 'function') return undefined;
    const onAbort = hook.onAbort;
    this.#ids.set(params, undefined);
    onAbort.call(info, (reason) => this.#cancel(params, reason));
    return () => {
      this.#ids.delete(params);
      onAbort.call(info, undefined);
    };
  }

  /** Whether the request sent with `params` was cancelled by its call's abort. */
  cancelled(params: object): boolean {
    return this.#cancelled.has(params);
  }

  #cancel(params: object, reason: unknown): void {
    const id = this.#ids.get(params);
    this.#ids.delete(params);
    this.#cancelled.add(params);
    // Not sent (yet): the SDK's own timeout ends it.
    if (id === undefined) return;
    const message = String(reason);
    this.#send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: message },
    }).catch(() => undefined);
    this.#transport.onmessage?.({
      jsonrpc: '2.0',
      id,
      error: { code: REQUEST_TIMEOUT, message },
    });
  }
}
