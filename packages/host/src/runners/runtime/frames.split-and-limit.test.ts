// The frame reader: frames cut anywhere across chunks and several in one chunk come out
// whole and in order; a header announcing more than the limit is refused before any of the
// body is kept, and nothing is read after it.
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from './codec.js';
import { encodeFrame, frameReader, HEADER_BYTES } from './frames.js';

function collect(maxBytes: number) {
  const got: Array<{ value: unknown; tag: number }> = [];
  const refused: Array<{ bytes: number; tag: number }> = [];
  const push = frameReader({
    maxBytes,
    frame: (body, { tag, json }) => void got.push({ value: decodeMessage(body, json), tag }),
    oversized: (bytes, tag) => void refused.push({ bytes, tag }),
  });
  return { got, refused, push };
}

const messages = [
  { t: 'result', id: 1, ok: true, value: 'héllo ✓' },
  { t: 'result', id: 2, ok: true, value: new Map([['k', new Date(0)]]) },
  { t: 'log', level: 'info', bindings: [], obj: {} },
];

describe('frameReader', () => {
  it.each([1, 3, 7, 64])(
    'frames cut into %i-byte chunks come out whole, in order, with their tags and formats',
    (size) => {
      const wire = Buffer.concat(messages.map((m, i) => encodeFrame(encodeMessage(m), i + 1)));
      const r = collect(1024);
      for (let at = 0; at < wire.length; at += size) r.push(wire.subarray(at, at + size));
      expect(r.got).toEqual(messages.map((value, i) => ({ value, tag: i + 1 })));
      expect(r.refused).toEqual([]);
    },
  );

  it('a header announcing more than the limit is refused with its size and tag, and later bytes are ignored', () => {
    const r = collect(100);
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(2_000_000_000, 0);
    header.writeUInt32LE(7, 4);
    r.push(Buffer.concat([encodeFrame(encodeMessage({ t: 'ready' }), 0), header]));
    r.push(Buffer.alloc(1000, 1));
    r.push(encodeFrame(encodeMessage({ t: 'ready' }), 0));
    expect(r.got).toEqual([{ value: { t: 'ready' }, tag: 0 }]);
    expect(r.refused).toEqual([{ bytes: 2_000_000_000, tag: 7 }]);
  });

  it('with one reused read buffer (transient), frames split across reads still come out intact', () => {
    const wire = Buffer.concat(messages.map((m, i) => encodeFrame(encodeMessage(m), i + 1)));
    const got: unknown[] = [];
    const push = frameReader({
      maxBytes: 1024,
      transient: true,
      frame: (body, { json }) => void got.push(decodeMessage(Buffer.from(body), json)),
      oversized: () => undefined,
    });
    const reused = Buffer.alloc(5);
    for (let at = 0; at < wire.length; at += 5) {
      const n = wire.copy(reused, 0, at, at + 5);
      push(reused.subarray(0, n));
      reused.fill(0xee);
    }
    expect(got).toEqual(messages);
  });

  it('a frame handler returning false stops the reader', () => {
    let seen = 0;
    const push = frameReader({
      maxBytes: 100,
      frame: () => {
        seen++;
        return false;
      },
      oversized: () => undefined,
    });
    const f = encodeFrame(encodeMessage({ t: 'ready' }), 0);
    push(Buffer.concat([f, f]));
    push(f);
    expect(seen).toBe(1);
  });
});
