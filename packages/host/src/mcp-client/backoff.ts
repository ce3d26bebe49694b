// Restart delays for a server that crashed or disconnected: exponential, capped. The clock
// is injected so tests can assert the order and count of restarts without waiting.

export interface Backoff {
  /** First delay (default 500 ms). */
  baseMs: number;
  /** Upper bound (default 30 s). */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = Object.freeze({ baseMs: 500, maxMs: 30_000 });

/** The delay before restart attempt `n` (0-based). */
export function backoffDelay(n: number, b: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(b.maxMs, b.baseMs * 2 ** Math.min(n, 30));
}

/** Runs fn after delayMs; returns a cancel function. */
export type Schedule = (delayMs: number, fn: () => void) => () => void;

export const realSchedule: Schedule = (delayMs, fn) => {
  const t = setTimeout(fn, delayMs);
  // A pending restart must not keep a finished program alive.
  t.unref();
  return () => clearTimeout(t);
};
