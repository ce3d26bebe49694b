// Timeouts and aborts: a hung tool yields TIMEOUT at its deadline (not before) with its
// signal fired; a result that arrives after the deadline is TIMEOUT too; the caller's signal
// yields ABORTED. Fake timers: nothing here depends on how busy the machine is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallInfo } from '@openclaw/skill-sdk';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';
import type { CallResult } from './types.js';

const skills = (timeoutMs = 100) => [
  skillRecord({
    name: 'hang',
    tools: [
      { name: 'hang.forever', timeoutMs },
      { name: 'hang.polite', timeoutMs },
    ],
  }),
];

afterEach(() => {
  vi.useRealTimers();
});

/** Starts a call and records when it settles. */
function track(p: Promise<CallResult>) {
  const state: { result?: CallResult } = {};
  void p.then((r) => (state.result = r));
  return state;
}

describe('timeouts', () => {
  it('a tool that ignores its signal returns TIMEOUT at timeoutMs and not before, with its signal fired', async () => {
    let signal: AbortSignal | undefined;
    const h = await harness({
      skills: skills(100),
      tools: {
        'hang.forever': (_i, call: ToolCallInfo) => {
          signal = call.signal;
          return new Promise(() => {});
        },
      },
    });
    vi.useFakeTimers();
    const call = track(h.router.call({ name: 'hang.forever', input: {} }));
    await vi.advanceTimersByTimeAsync(99);
    expect(call.result).toBeUndefined();
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.result).toMatchObject({
      isError: true,
      code: 'TIMEOUT',
      details: { timeoutMs: 100 },
    });
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).name).toBe('TimeoutError');
  });

  it('tools with different deadlines each time out on their own', async () => {
    const h = await harness({
      skills: [
        skillRecord({
          name: 'hang',
          tools: [
            { name: 'hang.long', timeoutMs: 300 },
            { name: 'hang.short', timeoutMs: 50 },
          ],
        }),
      ],
      tools: {
        'hang.long': () => new Promise(() => {}),
        'hang.short': () => new Promise(() => {}),
      },
    });
    vi.useFakeTimers();
    const long = track(h.router.call({ name: 'hang.long', input: {} }));
    const short = track(h.router.call({ name: 'hang.short', input: {} }));
    await vi.advanceTimersByTimeAsync(50);
    expect(short.result).toMatchObject({ code: 'TIMEOUT' });
    expect(long.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(249);
    expect(long.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(long.result).toMatchObject({ code: 'TIMEOUT', details: { timeoutMs: 300 } });
  });

  it('a tool that finishes in time is not aborted, even after its deadline has passed', async () => {
    let signal: AbortSignal | undefined;
    const h = await harness({
      skills: skills(200),
      tools: {
        'hang.polite': async (_i, call) => {
          signal = call.signal;
          await new Promise((r) => setTimeout(r, 10));
          return 'done';
        },
      },
    });
    vi.useFakeTimers();
    const call = track(h.router.call({ name: 'hang.polite', input: {} }));
    await vi.advanceTimersByTimeAsync(10);
    expect(call.result).toMatchObject({ isError: false, text: 'done' });
    await vi.advanceTimersByTimeAsync(300);
    expect(signal?.aborted).toBe(false);
  });

  it('a result that arrives after the deadline is TIMEOUT: a tool blocking synchronously past it', async () => {
    const h = await harness({
      skills: skills(50),
      tools: {
        // Blocks the event loop (as a CPU-bound tool does), so no timer can fire first.
        'hang.forever': () => {
          const until = Date.now() + 120;
          while (Date.now() < until) {
            // busy
          }
          return 'late';
        },
      },
    });
    const r = await h.router.call({ name: 'hang.forever', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'TIMEOUT', details: { timeoutMs: 50 } });
  });

  it('a rejection that arrives after the deadline is TIMEOUT too', async () => {
    const h = await harness({
      skills: skills(50),
      tools: {
        'hang.forever': async () => {
          const until = Date.now() + 120;
          while (Date.now() < until) {
            // busy
          }
          throw new Error('late failure');
        },
      },
    });
    expect(await h.router.call({ name: 'hang.forever', input: {} })).toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('the caller aborting ctx.signal returns ABORTED and aborts the tool', async () => {
    let toolSignal: AbortSignal | undefined;
    const h = await harness({
      skills: skills(5_000),
      tools: {
        'hang.polite': (_i, call) =>
          new Promise((_resolve, reject) => {
            toolSignal = call.signal;
            call.signal.addEventListener('abort', () => reject(new Error('stopped')));
          }),
      },
    });
    vi.useFakeTimers();
    const ac = new AbortController();
    const call = track(h.router.call({ name: 'hang.polite', input: {} }, { signal: ac.signal }));
    await vi.advanceTimersByTimeAsync(30);
    expect(call.result).toBeUndefined();
    ac.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.result).toMatchObject({ isError: true, code: 'ABORTED' });
    expect(toolSignal?.aborted).toBe(true);
  });

  it('an already aborted signal never starts the tool', async () => {
    const h = await harness({ skills: skills(), tools: { 'hang.polite': () => 'ran' } });
    const r = await h.router.call(
      { name: 'hang.polite', input: {} },
      { signal: AbortSignal.abort() },
    );
    expect(r).toMatchObject({ isError: true, code: 'ABORTED' });
    expect(h.invoked).toHaveLength(0);
  });
});
