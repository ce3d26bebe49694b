// A failed follow of the shared lockfile is retried on its own with exponential backoff and
// jitter (capped), logged once per reason, published while it lasts and cleared once in step.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { createFollower } from './follow.js';
import type { FollowStatus } from './state.js';
import type { InstallResult } from './types.js';

const installed: InstallResult = {
  action: 'installed',
  name: 'fleet',
  version: '2.0.0',
  tools: ['fleet.version'],
  snapshot: 3,
};

const failure = () =>
  new SkillError('INSTALL_FAILED', 'fleet@2.0.0 does not match its integrity.', {
    details: { skill: 'fleet', version: '2.0.0' },
  });

function harness(outcomes: (Error | InstallResult[])[]) {
  const attemptsAt: number[] = [];
  const warn = vi.fn();
  const info = vi.fn();
  const reports: (FollowStatus | undefined)[] = [];
  const results: InstallResult[][] = [];
  const follower = createFollower({
    sync: async () => {
      attemptsAt.push(Date.now());
      const next = outcomes.shift() ?? [];
      if (next instanceof Error) throw next;
      return next;
    },
    onResults: (r) => results.push(r),
    warn,
    info,
    report: async (s) => void reports.push(s),
    retry: { baseMs: 1_000, maxMs: 4_000 },
  });
  return { follower, attemptsAt, warn, info, reports, results };
}

describe('following the shared lockfile', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    // Jitter picks the middle of each window: 3/4 of the ceiling.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('retries a failed sync after 750, 1500, 3000 and then 3000 ms (doubling, capped at maxMs), without a new change', async () => {
    const h = harness([failure(), failure(), failure(), failure(), [installed]]);
    await h.follower.kick();
    await vi.runAllTimersAsync();
    const gaps = h.attemptsAt.slice(1).map((t, i) => t - h.attemptsAt[i]!);
    expect(gaps).toEqual([750, 1_500, 3_000, 3_000]);
    expect(h.results).toEqual([[installed]]);
    expect(h.follower.status()).toBeUndefined();
    await h.follower.close();
  });

  it('logs the failure once with its reason however often it repeats, and logs the return to step once', async () => {
    const h = harness([failure(), failure(), failure(), [installed]]);
    await h.follower.kick();
    await vi.runAllTimersAsync();
    expect(h.warn).toHaveBeenCalledTimes(1);
    expect(h.warn.mock.calls[0]![1]).toContain('fleet@2.0.0 does not match its integrity.');
    expect(h.info).toHaveBeenCalledTimes(1);
    expect(h.info.mock.calls[0]![1]).toContain('after 3 failed attempt(s)');
    await h.follower.close();
  });

  it('publishes the failing skill, version, reason and attempt count while it lasts, then clears it', async () => {
    const h = harness([failure(), failure(), [installed]]);
    await h.follower.kick();
    expect(h.follower.status()).toMatchObject({
      skill: 'fleet',
      version: '2.0.0',
      attempts: 1,
      nextAt: new Date(750).toISOString(),
      since: new Date(0).toISOString(),
    });
    await vi.runAllTimersAsync();
    expect(h.reports.map((r) => r?.attempts)).toEqual([1, 2, undefined]);
    expect(h.reports[1]).toMatchObject({ since: new Date(0).toISOString() });
    await h.follower.close();
  });

  it('a new change while a retry waits runs at once, and a sync that fails for another reason is logged again', async () => {
    const other = new Error('The registry http://127.0.0.1:9/ cannot be reached (ECONNREFUSED).');
    const h = harness([failure(), other, [installed]]);
    await h.follower.kick();
    expect(h.attemptsAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(100);
    await h.follower.kick();
    expect(h.attemptsAt).toEqual([0, 100]);
    expect(h.warn).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
    expect(h.attemptsAt).toEqual([0, 100, 1_600]);
    await h.follower.close();
  });

  it('close stops the retries and withdraws the published failure', async () => {
    const h = harness([failure(), failure()]);
    await h.follower.kick();
    await h.follower.close();
    await vi.runAllTimersAsync();
    expect(h.attemptsAt).toEqual([0]);
    expect(h.reports.map((r) => r?.attempts)).toEqual([1, undefined]);
  });
});
