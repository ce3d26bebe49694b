// The audit's input digest: equal texts get equal digests, and 200,000 distinct inputs of
// the kind agents send (one field changing by a character) get 200,000 distinct digests.
import { describe, expect, it } from 'vitest';
import { digest64 } from './canonical-json.js';

describe('digest64', () => {
  it('is 16 hex digits and the same for the same text', () => {
    expect(digest64('{"a":1}')).toMatch(/^[0-9a-f]{16}$/);
    expect(digest64('{"a":1}')).toBe(digest64('{"a":1}'));
    expect(digest64('')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives 200,000 near-identical inputs distinct digests', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(digest64(`{"city":"Paris","n":${i}}`));
    expect(seen.size).toBe(200_000);
  });
});
