// What a sandboxed process tells the host about an error its skill threw outside a call: the
// name and message, read without trusting the thrown value, and cut to a bounded length.
import { describe, expect, it } from 'vitest';
import { MAX_UNCAUGHT_CHARS, uncaughtWire } from './uncaught.js';

describe('uncaughtWire', () => {
  it("keeps an Error's name and message", () => {
    expect(uncaughtWire(new TypeError('bad input'))).toEqual({
      name: 'TypeError',
      message: 'bad input',
    });
  });

  it('turns a thrown non-error (a string, null) into its text', () => {
    expect(uncaughtWire('a plain string')).toEqual({ name: 'Error', message: 'a plain string' });
    expect(uncaughtWire(null)).toEqual({ name: 'Error', message: 'null' });
  });

  it('survives a value whose message getter throws', () => {
    const hostile = {
      name: 'Hostile',
      get message(): string {
        throw new Error('no');
      },
    };
    expect(uncaughtWire(hostile)).toEqual({
      name: 'Hostile',
      message: 'a value whose message could not be read',
    });
  });

  it(`cuts a message longer than ${MAX_UNCAUGHT_CHARS} characters and marks the cut`, () => {
    const w = uncaughtWire(new Error('x'.repeat(MAX_UNCAUGHT_CHARS + 10)));
    expect(w.message).toBe(`${'x'.repeat(MAX_UNCAUGHT_CHARS)}…`);
  });
});
