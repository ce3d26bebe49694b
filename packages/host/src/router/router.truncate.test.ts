// Result shaping: text, JSON values, and the per-tool size limit with its note.
import { describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';
import { truncate } from './shape.js';

const MB = 1024 * 1024;

describe('result shaping', () => {
  it('1 MB of text is cut to the tool limit with a note saying how much was kept', async () => {
    const h = await harness({
      skills: [skillRecord({ name: 'big', tools: [{ name: 'big.dump', maxResultChars: 20_000 }] })],
      tools: { 'big.dump': () => 'x'.repeat(MB) },
    });
    const r = await h.router.call({ name: 'big.dump', input: {} });
    if (r.isError) throw new Error(r.message);
    expect(r.text.length).toBeLessThanOrEqual(20_000);
    expect(r.text.length).toBeGreaterThan(19_800);
    const kept = r.truncated!.keptChars;
    expect(r.truncated).toEqual({ originalChars: MB, keptChars: kept });
    expect(
      r.text.endsWith(
        `[output truncated: kept ${kept} of ${MB} characters; ask for a narrower query or a page of the result]`,
      ),
    ).toBe(true);
    expect(r.text.slice(0, kept)).toBe('x'.repeat(kept));
    expect((await h.auditLines())[0]).toMatchObject({ truncated: true, outcome: 'ok' });
  });

  it('without a manifest limit, config.limits.maxResultChars applies', async () => {
    const h = await harness({
      skills: [skillRecord({ name: 'big', tools: ['big.dump'] })],
      tools: { 'big.dump': () => ({ rows: Array.from({ length: 5000 }, (_, i) => ({ i })) }) },
      config: { limits: { maxResultChars: 1000 } },
    });
    const r = await h.router.call({ name: 'big.dump', input: {} });
    if (r.isError) throw new Error(r.message);
    expect(r.text.length).toBeLessThanOrEqual(1000);
    expect(r.truncated?.originalChars).toBeGreaterThan(1000);
    // A structured value bigger than the limit is not sent beside the cut text.
    expect(r.structured).toBeUndefined();
  });

  it.each([
    ['a string', 'plain', 'plain', undefined],
    ['an object', { a: [1, 'b'] }, '{"a":[1,"b"]}', { a: [1, 'b'] }],
    ['a number', 42, '42', 42],
    ['null', null, 'null', null],
    ['undefined', undefined, '', undefined],
  ])(
    'a tool returning %s gives text and structured content',
    async (_t, value, text, structured) => {
      const h = await harness({
        skills: [skillRecord({ name: 'v', tools: ['v.get'] })],
        tools: { 'v.get': () => value },
      });
      const r = await h.router.call({ name: 'v.get', input: {} });
      expect(r).toMatchObject({ isError: false, text });
      if (!r.isError) expect(r.structured).toEqual(structured);
    },
  );

  it('a value that cannot be JSON is a SKILL_ERROR', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.me = cyclic;
    const h = await harness({
      skills: [skillRecord({ name: 'v', tools: ['v.get'] })],
      tools: { 'v.get': () => cyclic },
    });
    expect(await h.router.call({ name: 'v.get', input: {} })).toMatchObject({
      isError: true,
      code: 'SKILL_ERROR',
    });
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(400);
    const cut = truncate({ text }, 300);
    expect(cut.text.length).toBeLessThanOrEqual(300);
    expect(cut.truncated!.keptChars % 2).toBe(0);
  });
});
