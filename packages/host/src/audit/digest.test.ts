// The audit's input digest: equal texts get equal digests, 200,000 distinct inputs of the
// kind agents send (one field changing by a character) get 200,000 distinct digests, and
// digesting a value by walking it gives exactly the digest and byte size of its canonical JSON.
import { describe, expect, it } from 'vitest';
import { canonicalJson, UNSERIALIZABLE } from './canonical-json.js';
import { digest64, digestOf, inputDigest } from './digest.js';

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

  it('gives texts that differ only in length (trailing NULs) distinct digests', () => {
    expect(digest64('a')).not.toBe(digest64('a\u0000'));
  });
});

describe('inputDigest', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const values: Array<[string, unknown]> = [
    ['a flat object', { text: 'hi 1' }],
    ['unsorted and nested keys', { z: 1, a: { y: [1, 'two', null], b: true } }],
    ['members that write nothing', { b: undefined, f: () => 1, a: [undefined, 1n], c: Infinity }],
    ['text that needs escaping', { 'k"ey': 'line\nbreak "quoted" back\\slash \u0001' }],
    ['non-ASCII text and surrogate pairs', { city: 'Zürich 東京 😀', e: 'é' }],
    ['lone surrogates', { bad: '\ud800x\udc00' }],
    ['toJSON and Dates', { when: new Date(0), custom: { toJSON: () => ({ b: 2, a: 1 }) } }],
    ['a toJSON that gives undefined', { gone: { toJSON: () => undefined }, kept: 1 }],
    ['a cycle', cyclic],
    ['top-level scalars', 'plain'],
    ['top-level undefined', undefined],
    ['numbers', [0, -0, 1e21, 1.5, NaN, -Infinity]],
    ['an empty object and array', { a: {}, b: [] }],
    [
      'a class instance',
      new (class P {
        constructor(readonly x = 1) {}
      })(),
    ],
  ];

  it.each(values)('digest and byte size equal those of the canonical JSON: %s', (_, v) => {
    const json = canonicalJson(v);
    const d = inputDigest(v)!;
    expect(d.hex).toBe(digest64(json));
    expect(d.bytes).toBe(Buffer.byteLength(json));
    expect(d.equals(digestOf(json))).toBe(true);
  });

  it('is undefined where canonicalJson gives UNSERIALIZABLE (a throwing getter, too deep)', () => {
    const throwing = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    for (const v of [throwing, deep]) {
      expect(canonicalJson(v)).toBe(UNSERIALIZABLE);
      expect(inputDigest(v)).toBeUndefined();
    }
  });

  it('gives key order no weight: the same members in any order digest equally', () => {
    expect(inputDigest({ a: 1, b: { c: 2, d: 3 } })!.hex).toBe(
      inputDigest({ b: { d: 3, c: 2 }, a: 1 })!.hex,
    );
  });

  it('still digests correctly when a getter digests another input while it runs', () => {
    const inner = { n: 2 };
    const outer = Object.defineProperty({ a: 1 }, 'z', {
      enumerable: true,
      get: () => (inputDigest(inner), 'z'),
    });
    expect(inputDigest(outer)!.hex).toBe(digest64(canonicalJson(outer)));
  });
});
