// refuseFrontmatter skips its walks over the text when they cannot refuse anything (most
// frontmatter). This checks it answers exactly what the full walks answer, on generated
// text that crowds every limit: blank runs, deep indentation, markers and brackets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_BLANK_RUN_WORK,
  MAX_FRONTMATTER_DEPTH,
  MAX_LINE_INDENT,
  MAX_LINE_INDICATORS,
  refuseFrontmatter,
} from './frontmatter.js';

/** The limits as plain walks over every character: which one refuses, and on which line. */
function fullWalk(yaml: string): { limit: string; line: number } | undefined {
  let run = 0;
  let work = 0;
  for (let i = yaml.length - 1; i >= 0; i--) {
    const c = yaml[i];
    run = c === ' ' || c === '\t' || c === '\n' ? run + 1 : 0;
    if (i === 0 || yaml[i - 1] === '\n') work += run;
  }
  if (work > MAX_BLANK_RUN_WORK) return { limit: 'blank', line: 1 };
  let depth = 0;
  const lines = yaml.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const l = lines[n]!;
    const indent = /^[ \t]*/.exec(l)![0].length;
    if (indent > MAX_LINE_INDENT) return { limit: 'indent', line: n + 1 };
    let markers = 0;
    for (let i = indent; i < l.length; i++) {
      const c = l[i]!;
      const next = l[i + 1] ?? '\n';
      // Before a line's first character is its line break (the text's start counts as a space).
      const prev = i > 0 ? l[i - 1]! : n === 0 ? ' ' : '\n';
      const marker = '?-:'.includes(c)
        ? ' \t\n'.includes(next)
        : '!&*'.includes(c) && ' \t[{,'.includes(prev);
      if (marker && ++markers > MAX_LINE_INDICATORS) return { limit: 'markers', line: n + 1 };
      if (c === '[' || c === '{') {
        if (++depth > MAX_FRONTMATTER_DEPTH) return { limit: 'depth', line: n + 1 };
      } else if ((c === ']' || c === '}') && depth > 0) depth--;
    }
  }
  return undefined;
}

const limitOf = (message: string) =>
  message.includes('blank')
    ? 'blank'
    : message.includes('indented')
      ? 'indent'
      : message.includes('markers')
        ? 'markers'
        : 'depth';

describe('refuseFrontmatter', () => {
  it('refuses exactly what walks over every character refuse, with the same line', () => {
    const piece = fc.oneof(
      fc.constantFrom('name: x', 'a: b: c', '- - -', '? ', '!t &a *b', '[{', ']}', '\n', '\t'),
      fc.constantFrom(' '.repeat(MAX_LINE_INDENT), '\n'.repeat(300), ' \n'.repeat(200)),
      fc.integer({ min: 1, max: 70 }).map((n) => '- '.repeat(n)),
      fc.integer({ min: 1, max: 70 }).map((n) => '['.repeat(n)),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const yaml = pieces.join('');
        const got = refuseFrontmatter(yaml);
        const want = fullWalk(yaml);
        expect(got && { limit: limitOf(got.message), line: got.line }).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });
});
