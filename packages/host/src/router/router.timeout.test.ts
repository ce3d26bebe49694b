// Timeouts and aborts: a hung tool yields TIMEOUT near its deadline with its signal fired;
// the caller's signal yields ABORTED.
import { describe, expect, it } from 'vitest';
import type { ToolCallInfo } from '@openclaw/skill-sdk';
import { skillRecord } from '../testing/records.js';
import { harness, sleep } from './router.fixtures.js';

const skills = (timeoutMs = 100) => [
  skillRecord({
    name: 'hang',
    tools: [
      { name: 'hang.forever', timeoutMs },
      { name: 'hang.polite', timeoutMs },
    ],
  }),
];

describe('timeouts', () => {
  it('a tool that ignores its signal returns TIMEOUT close to timeoutMs, and its signal fired', async () => {
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
    const t0 = performance.now();
    const r = await h.router.call({ name: 'hang.forever', input: {} });
    const took = performance.now() - t0;
    expect(r).toMatchObject({ isError: true, code: 'TIMEOUT', details: { timeoutMs: 100 } });
    expect(took).toBeGreaterThanOrEqual(95);
    expect(took).toBeLessThan(400);
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
    const t0 = performance.now();
    const long = h.router.call({ name: 'hang.long', input: {} }).then(() => performance.now() - t0);
    const short = h.router
      .call({ name: 'hang.short', input: {} })
      .then(() => performance.now() - t0);
    const [tl, ts] = await Promise.all([long, short]);
    expect(ts).toBeLessThan(250);
    expect(tl).toBeGreaterThanOrEqual(295);
  });

  it('a tool that finishes in time is not aborted', async () => {
    let signal: AbortSignal | undefined;
    const h = await harness({
      skills: skills(200),
      tools: {
        'hang.polite': async (_i, call) => {
          signal = call.signal;
          await sleep(10);
          return 'done';
        },
      },
    });
    expect(await h.router.call({ name: 'hang.polite', input: {} })).toMatchObject({
      isError: false,
      text: 'done',
    });
    await sleep(300);
    expect(signal?.aborted).toBe(false);
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
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const t0 = performance.now();
    const r = await h.router.call({ name: 'hang.polite', input: {} }, { signal: ac.signal });
    expect(r).toMatchObject({ isError: true, code: 'ABORTED' });
    expect(performance.now() - t0).toBeLessThan(1000);
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
