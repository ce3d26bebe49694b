// fitBudget answers an overflowing catalog from the most relevant skills down, without
// rendering the entries it drops. This checks it answers exactly what the plain walk does
// (shorten every description from the least relevant up, drop from the least relevant up,
// give whole descriptions back from the most relevant down), on generated catalogs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameChars, renderEntry, type PromptEntry, type PromptFormat } from './blocks.js';
import { fitBudget, shortenDescription, type BudgetResult } from './budget.js';

/**
 * The reference, written apart from fitBudget: every entry's whole and shortened rendering up
 * front, then the three steps as plain loops over arrays in rank order, re-adding the whole
 * size at each check. Slow on purpose; the generated rank names every entry.
 */
function plainWalk(
  format: PromptFormat,
  entries: readonly PromptEntry[],
  rank: readonly string[],
  maxChars: number,
): BudgetResult {
  const ranked = rank.map((name) => entries.find((e) => e.name === name)!);
  const short = ranked.map((e) => ({ ...e, description: shortenDescription(e.description) }));
  const fullText = ranked.map((e) => renderEntry(format, e));
  const shortText = short.map((e) => renderEntry(format, e));
  const isShort = ranked.map(() => false);
  const isKept = ranked.map(() => true);
  const text = (i: number) => (isShort[i] ? shortText[i]! : fullText[i]!);
  const size = () =>
    ranked.reduce((sum, _, i) => sum + (isKept[i] ? text(i).length : 0), frameChars(format));

  // Shorten from the least relevant up, while it does not fit.
  for (let i = ranked.length - 1; i >= 0 && size() > maxChars; i--)
    if (short[i]!.description !== ranked[i]!.description) isShort[i] = true;
  // Drop from the least relevant up, while it does not fit.
  const dropped: string[] = [];
  for (let i = ranked.length - 1; i >= 0 && size() > maxChars; i--) {
    isKept[i] = false;
    dropped.push(rank[i]!);
  }
  // After a drop, give whole descriptions back from the most relevant down where they fit.
  if (dropped.length > 0)
    for (let i = 0; i < ranked.length; i++) {
      if (!isKept[i] || !isShort[i]) continue;
      isShort[i] = false;
      if (size() > maxChars) isShort[i] = true;
    }
  const keptInOrder = entries.map((e) => rank.indexOf(e.name)).filter((i) => isKept[i]);
  return {
    kept: keptInOrder.map((i) => ({
      entry: isShort[i] ? short[i]! : ranked[i]!,
      rendered: text(i),
    })),
    shortened: keptInOrder.filter((i) => isShort[i]).map((i) => rank[i]!),
    dropped,
  };
}

const sentence = fc.constantFrom(
  'Reads the weather.',
  'Use it when the user asks about e.g. calendars or notes, and only then.',
  'A long description that goes on '.repeat(8),
  'short',
  'Two lines\nof text. And more after the first sentence ends here.',
  '<escaped & "quoted"> text. Second sentence here.',
);

describe('fitBudget', () => {
  it('answers what shortening every description, then dropping, then restoring answers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/), { maxLength: 30 }),
        fc.array(sentence, { minLength: 30, maxLength: 30 }),
        fc.integer({ min: 1, max: 6000 }),
        fc.constantFrom('openclaw', 'agentskills' as const),
        fc.boolean(),
        (names, descriptions, maxChars, format, reversed) => {
          const entries = names.map((name, i) => ({
            name,
            description: descriptions[i]!,
            location: `/skills/${name}/SKILL.md`,
          }));
          const rank = reversed ? [...names].reverse() : names;
          expect(fitBudget(entries, { format, rank, maxChars })).toEqual(
            plainWalk(format, entries, rank, maxChars),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
