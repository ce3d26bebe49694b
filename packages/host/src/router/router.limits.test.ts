// Rate limits per session and per tool (sliding windows) and the loop detector.
import { describe, expect, it, vi } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { digestOf } from '../audit/index.js';
import { LoopDetector, SlidingWindow } from './limits.js';
import { harness } from './router.fixtures.js';

const skills = () => [skillRecord({ name: 'w', tools: ['w.get', 'w.put'] })];
const tools = { 'w.get': () => 'got', 'w.put': () => 'put' };

/** One call of `input` (one tool) in `session` at `now`, hashed as the router hashes it. */
const seen = (d: LoopDetector, session: string, input: string, now: number) =>
  d.count(session, 'tool', digestOf(input), now);

describe('SlidingWindow', () => {
  it('accepts `calls` per window and says when the next slot frees up', () => {
    const w = new SlidingWindow(2, 1000);
    expect(w.take('k', 0)).toBe(0);
    expect(w.take('k', 100)).toBe(0);
    expect(w.take('k', 200)).toBe(800);
    expect(w.take('other', 200)).toBe(0);
    expect(w.take('k', 1000)).toBe(0); // the call at 0 left the window
    expect(w.take('k', 1050)).toBe(50);
  });
});

describe('LoopDetector', () => {
  it('counts identical calls and answers 0 (refused) for the call that makes maxRepeats', () => {
    const d = new LoopDetector(3, 1000);
    expect([seen(d, 's', 'a', 0), seen(d, 's', 'a', 1), seen(d, 's', 'a', 2)]).toEqual([1, 2, 0]);
    expect(seen(d, 's', 'b', 3)).toBe(1);
    expect(seen(d, 'other-session', 'a', 3)).toBe(1);
    expect(seen(d, 's', 'a', 1001)).toBe(1); // both earlier calls left the window
  });
});

describe('router limits', () => {
  it('perSession: RATE_LIMITED with retry-after in the hint, per session', async () => {
    const h = await harness({
      skills: skills(),
      tools,
      config: { limits: { perSession: { calls: 2, windowMs: 60_000 } } },
    });
    const s1 = { sessionId: 's1' };
    expect(await h.router.call({ name: 'w.get', input: { a: 1 } }, s1)).toMatchObject({
      isError: false,
    });
    expect(await h.router.call({ name: 'w.put', input: { a: 2 } }, s1)).toMatchObject({
      isError: false,
    });
    const r = await h.router.call({ name: 'w.get', input: { a: 3 } }, s1);
    expect(r).toMatchObject({ isError: true, code: 'RATE_LIMITED' });
    if (r.isError) {
      expect(r.hint).toMatch(/retry-after: (59|60)\b/);
      expect(r.details?.retryAfterMs).toBeGreaterThan(59_000);
    }
    expect(
      await h.router.call({ name: 'w.get', input: { a: 4 } }, { sessionId: 's2' }),
    ).toMatchObject({ isError: false });
    expect(h.invoked).toHaveLength(3);
  });

  it('perTool: each tool has its own window and frees up after it', async () => {
    const h = await harness({
      skills: skills(),
      tools,
      config: { limits: { perTool: { calls: 1, windowMs: 100 } } },
    });
    // Only the clocks are fake: the calls' own timers and I/O run as usual.
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    try {
      expect(await h.router.call({ name: 'w.get', input: {} })).toMatchObject({ isError: false });
      expect(await h.router.call({ name: 'w.get', input: {} })).toMatchObject({
        code: 'RATE_LIMITED',
      });
      expect(await h.router.call({ name: 'w.put', input: {} })).toMatchObject({ isError: false });
      vi.advanceTimersByTime(99);
      expect(await h.router.call({ name: 'w.get', input: {} })).toMatchObject({
        code: 'RATE_LIMITED',
      });
      vi.advanceTimersByTime(21);
      expect(await h.router.call({ name: 'w.get', input: {} })).toMatchObject({ isError: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('by default identical calls in a session warn from the 10th and are LOOP_DETECTED at the 20th (key order does not matter)', async () => {
    const h = await harness({ skills: skills(), tools });
    const ctx = { sessionId: 'loop' };
    const results = [];
    for (let i = 0; i < 20; i++) {
      const input = i % 2 ? { city: 'Paris', days: 3 } : { days: 3, city: 'Paris' };
      results.push(await h.router.call({ name: 'w.get', input }, ctx));
    }
    const kinds = results.map((r) => (r.isError ? r.code : r.warning ? 'warned' : 'ok'));
    expect(kinds).toEqual([
      ...Array<string>(9).fill('ok'),
      ...Array<string>(10).fill('warned'),
      'LOOP_DETECTED',
    ]);
    const tenth = results[9]!;
    expect(tenth.isError).toBe(false);
    if (!tenth.isError) {
      expect(tenth.warning).toContain('10 times');
      expect(tenth.text).toBe(`got\n\n[warning: ${tenth.warning}]`);
    }
    // Other inputs, tools and sessions go on.
    expect(
      await h.router.call({ name: 'w.get', input: { city: 'Rome', days: 3 } }, ctx),
    ).toMatchObject({ isError: false });
    expect(
      await h.router.call({ name: 'w.put', input: { city: 'Paris', days: 3 } }, ctx),
    ).toMatchObject({ isError: false });
    expect(
      await h.router.call(
        { name: 'w.get', input: { city: 'Paris', days: 3 } },
        { sessionId: 'other' },
      ),
    ).toMatchObject({
      isError: false,
    });
    const lines = await h.auditLines();
    expect(lines.find((l) => l.outcome === 'LOOP_DETECTED')).toMatchObject({
      decision: 'denied',
      rule: 'config.limits.loop',
    });
  });

  it('a batch of seven identical lookups runs all seven without a warning', async () => {
    const h = await harness({ skills: skills(), tools });
    const results = await h.router.callMany(
      Array.from({ length: 7 }, () => ({ name: 'w.get', input: { city: 'Paris' } })),
      { sessionId: 'batch' },
    );
    expect(results.map((r) => (r.isError ? r.code : (r.warning ?? r.text)))).toEqual(
      Array<string>(7).fill('got'),
    );
  });

  it('inputs that cannot be read whole are not loop-checked: five distinct deep inputs all run', async () => {
    const h = await harness({ skills: skills(), tools });
    const deep = (leaf: number) => {
      let v: unknown = { leaf };
      for (let i = 0; i < 5000; i++) v = { v };
      return v;
    };
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await h.router.call({ name: 'w.put', input: deep(i) }, { sessionId: 'deep' }));
    expect(results.map((r) => (r.isError ? r.code : 'ok'))).toEqual(Array(5).fill('ok'));
  });

  it('limits.loop is configurable; calls without a session are not loop-checked', async () => {
    const h = await harness({
      skills: skills(),
      tools,
      config: { limits: { loop: { maxRepeats: 2, windowMs: 1000 } } },
    });
    expect(await h.router.call({ name: 'w.get', input: {} }, { sessionId: 's' })).toMatchObject({
      isError: false,
    });
    expect(await h.router.call({ name: 'w.get', input: {} }, { sessionId: 's' })).toMatchObject({
      code: 'LOOP_DETECTED',
    });
    for (let i = 0; i < 5; i++)
      expect(await h.router.call({ name: 'w.get', input: {} })).toMatchObject({ isError: false });
  });
});

describe('SlidingWindow memory', () => {
  it('forgets the oldest keys when flooded with distinct keys', () => {
    const w = new SlidingWindow(5, 60_000);
    for (let i = 0; i < 200_000; i++) w.take(`k${i}`, 1000);
    expect(w.size).toBeLessThanOrEqual(50_000);
    // The newest keys are still counted.
    for (let i = 0; i < 4; i++) w.take('k199999', 1000);
    expect(w.take('k199999', 1000)).toBeGreaterThan(0);
  });
});

describe('LoopDetector memory', () => {
  it('remembers only the last calls of each session, so distinct calls never pile up', () => {
    const d = new LoopDetector(2, 60_000);
    expect(seen(d, 's', 'first', 0)).toBe(1);
    for (let i = 0; i < 100_000; i++) seen(d, 's', `distinct ${i}`, 1);
    // 'first' left the ring long ago: repeating it once more is not a loop.
    expect(seen(d, 's', 'first', 2)).toBe(1);
    expect(seen(d, 's', 'first', 3)).toBe(0);
  });
});
