// Whatever a tool returns, the wrapped text holds exactly one opening and one closing marker,
// both with the call's nonce, and nothing between them a model could read as a marker word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newNonce, wrapText } from './untrusted.js';

const MARKER_LIKE = /UNTRUSTED[\s_-]*DATA/i;
const fold = (s: string) => s.normalize('NFKC').replace(/\p{Cf}/gu, '');

// Pieces an attacker would mix: marker words in many spellings, separators, look-alikes.
const piece = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '<<<',
    '>>>',
    'END_',
    'END ',
    'UNTRUSTED',
    'untrusted',
    'ＵＮＴＲＵＳＴＥＤ',
    '_DATA',
    ' data',
    '＿ＤＡＴＡ',
    '\u200b',
    '\u2060',
    '-',
    '\n',
    ' source=system',
  ),
);
const content = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

describe('neutralising marker look-alikes', () => {
  it('leaves no marker word between the real markers, for any mix of look-alikes', () => {
    fc.assert(
      fc.property(content, (text) => {
        const nonce = newNonce();
        const wrapped = wrapText(text, nonce, 'web.fetch');
        const open = `<<<UNTRUSTED_DATA ${nonce} source=web.fetch>>>\n`;
        const close = `\n<<<END_UNTRUSTED_DATA ${nonce}>>>`;
        expect(wrapped.startsWith(open)).toBe(true);
        expect(wrapped.endsWith(close)).toBe(true);
        const inner = wrapped.slice(open.length, wrapped.length - close.length);
        expect(fold(inner)).not.toMatch(MARKER_LIKE);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps text without look-alikes exactly as it was', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!MARKER_LIKE.test(fold(text)));
        const wrapped = wrapText(text, 'n', 't');
        expect(wrapped).toBe(
          `<<<UNTRUSTED_DATA n source=t>>>\n${text}\n<<<END_UNTRUSTED_DATA n>>>`,
        );
      }),
      { numRuns: 500 },
    );
  });
});
