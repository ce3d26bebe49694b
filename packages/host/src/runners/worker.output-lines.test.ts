// A skill's stdout and stderr reach the host line by line; a line without an end is cut at
// the limit with a note, so output with no newline cannot grow the host's memory.
import { describe, expect, it } from 'vitest';
import { lines } from './worker.js';

describe('lines', () => {
  it('emits whole lines across chunks and skips empty ones', () => {
    const got: string[] = [];
    const push = lines((l) => got.push(l));
    push('a\nb');
    push('c\n\nd');
    push('\n');
    expect(got).toEqual(['a', 'bc', 'd']);
  });

  it('a line longer than the limit is emitted once, cut with a note, and the rest of it is skipped', () => {
    const got: string[] = [];
    const push = lines((l) => got.push(l), 10);
    for (let i = 0; i < 100; i++) push('x'.repeat(7));
    push('tail\nnext\n');
    expect(got).toEqual([`${'x'.repeat(10)} … (line cut at 10 characters)`, 'next']);
  });
});
