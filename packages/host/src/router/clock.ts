// The router reads one clock, performance.now(), a few times per call: deadlines and
// durations need a monotonic clock anyway, and each clock read costs about as much as a
// small stage of the pipeline. Epoch times (the audit's `time`, rate-limit windows) are
// derived from it with an offset re-read from Date.now() at most once a second, so a
// change of the system clock shows within a second.

const RESYNC_MS = 1000;
let offset = Date.now() - performance.now();
let syncedAt = -Infinity;

/** Epoch milliseconds at `perfNow` (a performance.now() reading). */
export function epochAt(perfNow: number): number {
  if (perfNow - syncedAt >= RESYNC_MS || perfNow < syncedAt) {
    syncedAt = perfNow;
    offset = Date.now() - perfNow;
  }
  return Math.floor(offset + perfNow);
}
