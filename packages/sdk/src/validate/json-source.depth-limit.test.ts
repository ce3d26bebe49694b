// parseJsonText walks a text for its nesting depth only when it holds more opening brackets
// than the limit; these check the refusal is the same as the walk's, at and past the limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonText } from './json-source.js';

describe('parseJsonText nesting limit', () => {
  it('refuses text nested past the limit with its depth, and parses text at the limit', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parseJsonText(nested(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    expect(parseJsonText(nested(MAX_JSON_DEPTH + 1))).toMatchObject({
      ok: false,
      depth: MAX_JSON_DEPTH + 1,
      line: 1,
    });
  });

  it('refuses exactly the texts the full walk finds too deep', () => {
    const piece = fc.oneof(
      fc.constantFrom('[', '{"a":', ']', '}', '"[[[["', ',', '\n', '0'),
      fc.integer({ min: 1, max: 120 }).map((n) => '['.repeat(n)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const deep = jsonDepth(text).depth > MAX_JSON_DEPTH;
        const r = parseJsonText(text);
        expect(!r.ok && r.depth !== undefined).toBe(deep);
      }),
      { numRuns: 1000 },
    );
  });
});
