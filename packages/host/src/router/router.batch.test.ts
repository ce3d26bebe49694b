// callMany: concurrent with a limit, all-settled, results in the caller's order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness, sleep } from './router.fixtures.js';
import type { ToolCall } from './types.js';

const skills = () => [
  skillRecord({
    name: 'work',
    tools: [
      {
        name: 'work.slow',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      },
    ],
  }),
];

afterEach(() => {
  vi.useRealTimers();
});

describe('callMany', () => {
  it("10 calls of 200 ms with 3 failures: 7 results and 3 errors in order, all running at once and done after one call's time", async () => {
    let started = 0;
    const h = await harness({
      skills: skills(),
      tools: {
        'work.slow': async (input) => {
          const n = (input as { n: number }).n;
          started++;
          await sleep(200);
          if (n === 7) throw new Error('seven is unlucky');
          return `done ${n}`;
        },
      },
    });
    const calls: ToolCall[] = Array.from({ length: 10 }, (_, n) => ({
      name: 'work.slow',
      input: { n },
      id: `c${n}`,
    }));
    calls[2] = { name: 'work.nope', input: { n: 2 }, id: 'c2' }; // unknown tool
    calls[5] = { name: 'work.slow', input: { n: 'five' }, id: 'c5' }; // invalid input
    vi.useFakeTimers();
    let results: Awaited<ReturnType<typeof h.router.callMany>> | undefined;
    void h.router.callMany(calls).then((r) => (results = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(8); // every call that passed validation, at once (the sum would be 1.6 s)
    await vi.advanceTimersByTimeAsync(199);
    expect(results).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    if (!results) throw new Error("the batch did not finish after one call's time");

    expect(results.map((r) => r.id)).toEqual(calls.map((c) => c.id));
    expect(results.filter((r) => !r.isError)).toHaveLength(7);
    expect(results.map((r) => (r.isError ? r.code : r.text))).toEqual([
      'done 0',
      'done 1',
      'TOOL_NOT_FOUND',
      'done 3',
      'done 4',
      'INVALID_INPUT',
      'done 6',
      'SKILL_ERROR',
      'done 8',
      'done 9',
    ]);
  });

  it('never runs more than limits.concurrency at once: ten 20 ms calls with a limit of 3 take four rounds', async () => {
    let running = 0;
    let peak = 0;
    const h = await harness({
      skills: skills(),
      config: { limits: { concurrency: 3 } },
      tools: {
        'work.slow': async () => {
          peak = Math.max(peak, ++running);
          await sleep(20);
          running--;
          return 'ok';
        },
      },
    });
    vi.useFakeTimers();
    let results: Awaited<ReturnType<typeof h.router.callMany>> | undefined;
    void h.router
      .callMany(Array.from({ length: 10 }, (_, n) => ({ name: 'work.slow', input: { n } })))
      .then((r) => (results = r));
    // Ten calls three at a time take four rounds of 20 ms: after three, one call is left.
    await vi.advanceTimersByTimeAsync(60);
    expect([results, running]).toEqual([undefined, 1]);
    await vi.advanceTimersByTimeAsync(20);
    if (!results) throw new Error('the batch did not finish after four rounds');
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(peak).toBe(3);
  });

  it('an empty batch is an empty array', async () => {
    const h = await harness({ skills: skills() });
    expect(await h.router.callMany([])).toEqual([]);
  });
});
