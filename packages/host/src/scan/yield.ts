// Cooperative time slicing for work that runs beside tool calls (a rescan of 1,000 skills is
// ~50-90 ms of synchronous work when done in one go). Loops ask `due()` per item and, once
// the slice is used up, `await pause()` gives the event loop a turn (setImmediate: pending
// I/O and timers run first), so a call waits at most about one slice.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Milliseconds of synchronous work before a rescan gives calls a turn. */
export const SLICE_MS = 2;

export interface Slicer {
  due(): boolean;
  pause(): Promise<void>;
}

/**
 * One time budget shared by every loop that holds it: concurrent workers (mapLimit) that find
 * the slice used up wait for the same turn, rather than each taking a slice of its own in a
 * row (64 workers x 2 ms would hold calls up for 128 ms).
 */
export function slicer(sliceMs = SLICE_MS): Slicer {
  // A slice without end (a host's first scan, all a CLI command does) never reads the clock:
  // the first read of `performance` loads Node's perf_hooks, a millisecond of a command's start.
  const timed = sliceMs !== Infinity;
  const now = () => (timed ? performance.now() : 0);
  let start = now();
  let pending: Promise<void> | undefined;
  return {
    // A slice without end skips the clock per item too (the first scan's hot loop).
    due: timed ? () => performance.now() - start >= sliceMs : () => false,
    pause() {
      pending ??= nextTurn().then(() => {
        pending = undefined;
        start = now();
      });
      return pending;
    },
  };
}

/** Maps synchronously in slices; results keep the input order. */
export async function mapSliced<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  s: Slicer = slicer(),
): Promise<R[]> {
  const out = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    if (s.due()) await s.pause();
    out[i] = fn(items[i]!, i);
  }
  return out;
}
