// Epoch times come from the monotonic clock plus an offset re-read at most once a second:
// they match Date.now(), and a change of the system clock shows within a second.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { epochAt } from './clock.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('epochAt', () => {
  it('matches Date.now() to the millisecond', () => {
    const before = Date.now();
    const at = epochAt(performance.now());
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('follows a system clock set an hour ahead once a second has passed, not before', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Readings far past any earlier one: the first resyncs, the next ones are timed from it.
    const t = Math.floor(performance.now()) + 1e9; // whole: the sums below are exact
    const start = Date.now();
    expect(epochAt(t)).toBe(start);
    vi.setSystemTime(start + 3_600_000);
    expect(epochAt(t + 999)).toBe(start + 999);
    expect(epochAt(t + 1000)).toBe(start + 3_600_000);
  });
});
