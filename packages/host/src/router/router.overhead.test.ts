// A regression guard for the hot path: per-call work must stay Map lookups and a few
// allocations (the real figure, ~2 µs, comes from `pnpm bench`; this bound is loose so a
// busy CI machine does not fail it, yet compiling a schema or a glob per call would).
import { describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

describe('dispatch overhead', () => {
  it('an echo call through the whole pipeline has a median overhead in microseconds', async () => {
    const h = await harness({
      skills: [
        skillRecord({
          name: 'echo',
          tools: [
            {
              name: 'echo.say',
              inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            },
          ],
        }),
      ],
      config: { policy: { allow: ['echo.*', 'skills.*'], deny: ['group:destructive'] } },
      tools: { 'echo.say': (i) => (i as { text: string }).text },
    });
    const input = { text: 'hi' };
    const call = { name: 'echo_say', input, id: 'c' };
    for (let i = 0; i < 3000; i++) await h.router.call(call);
    const samples: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const t = performance.now();
      await h.router.call(call);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const medianUs = samples[samples.length >> 1]! * 1000;
    expect(medianUs).toBeLessThan(50);
    expect(await h.router.call(call)).toMatchObject({ isError: false, text: 'hi' });
    await h.router.close();
  });
});
