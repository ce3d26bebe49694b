import { describe, expect, it } from 'vitest';
import { errorCauses, MAX_CAUSES } from './causes.js';

describe('errorCauses', () => {
  it('yields the error and then each cause, nearest first', () => {
    const root = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    const mid = new Error('fetch failed', { cause: root });
    const top = new Error('outer', { cause: mid });
    expect([...errorCauses(top)]).toEqual([top, mid, root]);
  });

  it('stops at a cause that is not an object', () => {
    const e = new Error('x', { cause: 'text' });
    expect([...errorCauses(e)]).toEqual([e]);
    expect([...errorCauses('plain string')]).toEqual([]);
    expect([...errorCauses(null)]).toEqual([]);
  });

  it('stops after MAX_CAUSES links on a cyclic chain', () => {
    const a: { cause?: unknown } = {};
    const b = { cause: a };
    a.cause = b;
    expect([...errorCauses(a)]).toHaveLength(MAX_CAUSES);
    expect([...errorCauses(a, 2)]).toEqual([a, b]);
  });

  it('ends the walk when reading cause throws', () => {
    const hostile = {
      get cause(): unknown {
        throw new Error('getter');
      },
    };
    expect([...errorCauses(hostile)]).toEqual([hostile]);
  });
});
