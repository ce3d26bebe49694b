// Following a shared lockfile: every change any host records (and every reconnect of the
// feed) runs one `sync`; changes arriving during a run make one more run. A run that fails
// (a registry away, a damaged package row, a version that does not load here) is tried again
// with exponential backoff and jitter, capped, instead of waiting for the next change. The
// failure is logged once per reason, published for `doctor` while it lasts, and the return
// to step is logged once too.
import { isSkillError } from '@openclaw/skill-sdk';
import { backoffMs } from '../auth/retry.js';
import type { FollowStatus } from './state.js';
import type { InstallResult } from './types.js';

export interface FollowRetry {
  /** The first retry's ceiling (default 1 s); each next one doubles it. */
  baseMs?: number;
  /** The longest wait between attempts (default 5 min). */
  maxMs?: number;
}

export interface FollowerOptions {
  sync(): Promise<InstallResult[]>;
  onResults(results: InstallResult[]): void;
  warn(obj: object, line: string): void;
  info(obj: object, line: string): void;
  /** Publishes the status (undefined: in step); its own failures are ignored. */
  report?(status: FollowStatus | undefined): Promise<void>;
  retry?: FollowRetry;
  now?: () => number;
}

export interface Follower {
  /** Runs a sync now (or once more after the one running); resolves when that run ends. */
  kick(): Promise<void>;
  /** Why this host is out of step, while it is. */
  status(): FollowStatus | undefined;
  /** Stops retrying and waits for a run in progress. */
  close(): Promise<void>;
}

export function createFollower(o: FollowerOptions): Follower {
  const now = o.now ?? Date.now;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let failing: FollowStatus | undefined;
  let logged: string | undefined;

  // Reports are written in order (a late "failing" must not land after "in step").
  let reporting: Promise<void> = Promise.resolve();
  const report = (status: FollowStatus | undefined): Promise<void> =>
    (reporting = reporting.then(() => o.report?.(status)).catch(() => undefined));

  const failed = (e: unknown) => {
    const attempts = (failing?.attempts ?? 0) + 1;
    const delay = backoffMs(attempts - 1, {
      baseMs: o.retry?.baseMs ?? 1_000,
      maxMs: o.retry?.maxMs ?? 300_000,
    });
    const details = isSkillError(e) ? e.details : undefined;
    const error = (e as Error)?.message ?? String(e);
    failing = {
      ...(typeof details?.skill === 'string' && { skill: details.skill }),
      ...(typeof details?.version === 'string' && { version: details.version }),
      error,
      attempts,
      nextAt: new Date(now() + delay).toISOString(),
      since: failing?.since ?? new Date(now()).toISOString(),
    };
    if (error !== logged) {
      logged = error;
      o.warn(
        { err: e, attempts },
        `Could not follow the shared lockfile: ${error} Trying again with backoff (next in ${Math.round(delay)} ms).`,
      );
    }
    void report(failing);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void kick();
    }, delay);
    timer.unref?.();
  };

  const inStep = async () => {
    if (!failing) return;
    o.info(
      { attempts: failing.attempts },
      `In step with the shared lockfile again after ${failing.attempts} failed attempt(s).`,
    );
    failing = undefined;
    logged = undefined;
    await report(undefined);
  };

  const run = async () => {
    do {
      again = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      try {
        const results = await o.sync();
        // Cleared before the results are announced: whoever hears of them sees no failure.
        await inStep();
        o.onResults(results);
      } catch (e) {
        if (closed) return;
        failed(e);
      }
    } while (again && !closed);
  };

  const kick = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    kick,
    status: () => failing,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      // A host that stops is no longer out of step: it serves nothing.
      if (failing) await report(undefined);
      await reporting;
    },
  };
}
