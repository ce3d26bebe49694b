// A message goes as JSON only when JSON gives back exactly what structured clone would;
// everything else keeps its type through v8's format.
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodedBytes, encodeMessage, jsonExact } from './codec.js';

const cycle: Record<string, unknown> = {};
cycle.self = cycle;
// eslint-disable-next-line no-sparse-arrays -- the hole is what is tested
const holey = [1, , 3];
let deep: unknown = 'leaf';
for (let i = 0; i < 40; i++) deep = [deep];

describe('encodeMessage', () => {
  it.each([
    [
      'strings, numbers, booleans, null, arrays and plain objects',
      { a: [1, 'b', true, null], o: { x: 1.5 } },
    ],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { a: 1 })],
  ])('%s go as JSON', (_what, value) => {
    expect(jsonExact(value)).toBe(true);
    const e = encodeMessage(value);
    expect(typeof e).toBe('string');
    expect(decodeMessage(Buffer.from(e as string), true)).toEqual(value);
  });

  it.each([
    ['a Date', new Date(5)],
    ['a Map', new Map([[1, 2]])],
    ['binary data', new Uint8Array([1, 2, 3])],
    ['undefined in an object', { a: undefined }],
    ['NaN', Number.NaN],
    ['-0', -0],
    ['an array with a hole', holey],
    ['a cycle', cycle],
    ['a value nested deeper than 32 levels', deep],
  ])('%s goes as v8 structured clone and comes back the same', (_what, value) => {
    expect(jsonExact(value)).toBe(false);
    const e = encodeMessage(value);
    expect(Buffer.isBuffer(e)).toBe(true);
    expect(decodeMessage(e as Buffer, false)).toEqual(value);
  });

  it('counts JSON text in UTF-8 bytes', () => {
    expect(encodedBytes(encodeMessage('é'))).toBe(4);
  });
});
