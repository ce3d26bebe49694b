// The AbortSignal handed to the MCP SDK for one tools/call, so that a call the router gives
// up on (its timeout, the caller's abort) sends `notifications/cancelled` to the server. Used
// where the transport cannot be watched for request ids (the 2026-revision client); SDK 1.x
// connections cancel by id instead (request-cancel.ts), without a signal per call.
//
// A real AbortController per request: the SDK is typed against AbortSignal and may read any
// part of it, so a look-alike could break silently on an SDK update. It is fresh per request
// because the SDK never removes its 'abort' listener (one shared signal would cancel every
// past request when it fired), and it is fired through the router's CallInfo.onAbort slot,
// which costs no signal on calls that never reach an MCP server.
import type { ToolCallInfo } from '@openclaw/skill-sdk';

/** What the router's CallInfo offers: one listener slot for the call's abort. */
interface AbortHook {
  onAbort(listener: ((reason: unknown) => void) | undefined): void;
}

/** The signal for one MCP request, and how to let it go once the request settled. */
export interface RequestSignal {
  readonly signal: AbortSignal;
  /**
   * The request settled: a later abort of the call must not fire the SDK's listener, which
   * it never removes and which would send notifications/cancelled for an answered request.
   */
  release(): void;
}

const noRelease = (): void => undefined;

/**
 * A controller's signal wired to the router's CallInfo, or the call's own AbortSignal for any
 * other caller (tests, embedders calling a connection).
 */
export function requestSignal(info: ToolCallInfo): RequestSignal {
  const hook = info as Partial<AbortHook>;
  if (typeof hook.onAbort !== 'function') return { signal: info.signal, release: noRelease };
  const onAbort = hook.onAbort.bind(info);
  const controller = new AbortController();
  onAbort((reason) => controller.abort(reason));
  return { signal: controller.signal, release: () => onAbort(undefined) };
}
