// fitBudget answers an overflowing catalog from the most relevant skills down, without
// rendering the entries it drops. This checks it answers exactly what the plain walk does
// (shorten every description from the least relevant up, drop from the least relevant up,
// give whole descriptions back from the most relevant down), on generated catalogs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameChars, renderEntry, type PromptEntry, type PromptFormat } from './blocks.js';
import { fitBudget, shortenDescription, type BudgetResult } from './budget.js';

function plainWalk(
  format: PromptFormat,
  entries: readonly PromptEntry[],
  rank: readonly string[],
  maxChars: number,
): BudgetResult {
  const items = new Map<
    string,
    { entry: PromptEntry; rendered: string; shortened: boolean; original: PromptEntry }
  >();
  let total = frameChars(format);
  for (const entry of entries) {
    const rendered = renderEntry(format, entry);
    items.set(entry.name, { entry, rendered, shortened: false, original: entry });
    total += rendered.length;
  }
  const dropped: string[] = [];
  for (let i = rank.length - 1; i >= 0 && total > maxChars; i--) {
    const item = items.get(rank[i]!)!;
    const description = shortenDescription(item.entry.description);
    if (description === item.entry.description) continue;
    const entry = { ...item.entry, description };
    const rendered = renderEntry(format, entry);
    total += rendered.length - item.rendered.length;
    Object.assign(item, { entry, rendered, shortened: true });
  }
  for (let i = rank.length - 1; i >= 0 && total > maxChars; i--) {
    total -= items.get(rank[i]!)!.rendered.length;
    items.delete(rank[i]!);
    dropped.push(rank[i]!);
  }
  if (dropped.length > 0) {
    for (const name of rank) {
      const item = items.get(name);
      if (!item?.shortened) continue;
      const rendered = renderEntry(format, item.original);
      if (total + rendered.length - item.rendered.length > maxChars) continue;
      total += rendered.length - item.rendered.length;
      Object.assign(item, { entry: item.original, rendered, shortened: false });
    }
  }
  const kept = entries.filter((e) => items.has(e.name)).map((e) => items.get(e.name)!);
  return {
    kept: kept.map(({ entry, rendered }) => ({ entry, rendered })),
    shortened: kept.filter((k) => k.shortened).map((k) => k.entry.name),
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
