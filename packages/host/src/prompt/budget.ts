// Fitting the block into a character budget: shorten descriptions from the least relevant
// skill up, then drop skills from the least relevant up. Pure arithmetic over rendered
// entry lengths: nothing is re-rendered except an entry that changes.
import { frameChars, renderEntry, type PromptEntry, type PromptFormat } from './blocks.js';

/** Shortened descriptions are cut to about this many characters. */
export const SHORT_DESCRIPTION_CHARS = 160;
/** A "sentence" shorter than this is more likely an abbreviation ("e.g.") than a sentence. */
const MIN_SENTENCE = 24;

/** The first sentence, cut to ~160 characters with an ellipsis; whitespace collapsed. */
export function shortenDescription(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  let end = flat.length;
  const re = /[.!?](?=\s)/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    if (m.index + 1 >= MIN_SENTENCE) {
      end = m.index + 1;
      break;
    }
  }
  const sentence = flat.slice(0, end);
  if (sentence.length <= SHORT_DESCRIPTION_CHARS) return sentence;
  const room = sentence.slice(0, SHORT_DESCRIPTION_CHARS - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= SHORT_DESCRIPTION_CHARS / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, '')}…`;
}

export interface RenderedEntry {
  entry: PromptEntry;
  rendered: string;
}

export interface BudgetResult {
  /** Kept entries in their input order. */
  kept: RenderedEntry[];
  /** Names whose description was shortened (kept ones only). */
  shortened: string[];
  /** Names dropped, least relevant first. */
  dropped: string[];
}

/**
 * @param entries in output (name) order
 * @param rank every entry's name, most relevant first
 */
export function fitBudget(
  format: PromptFormat,
  entries: readonly PromptEntry[],
  rank: readonly string[],
  maxChars: number,
  preamble?: string,
): BudgetResult {
  const items = new Map<string, RenderedEntry & { shortened: boolean; original: PromptEntry }>();
  let total = frameChars(format, preamble);
  for (const entry of entries) {
    const rendered = renderEntry(format, entry);
    items.set(entry.name, { entry, rendered, shortened: false, original: entry });
    total += rendered.length;
  }
  const dropped: string[] = [];
  if (total > maxChars) {
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
      const name = rank[i]!;
      total -= items.get(name)!.rendered.length;
      items.delete(name);
      dropped.push(name);
    }
    // Dropping may have freed more room than it needed: give the most relevant kept skills
    // their whole descriptions back while they still fit.
    if (dropped.length > 0) {
      for (const name of rank) {
        const item = items.get(name);
        if (!item?.shortened) continue;
        const full = item.original;
        const rendered = renderEntry(format, full);
        if (total + rendered.length - item.rendered.length > maxChars) continue;
        total += rendered.length - item.rendered.length;
        Object.assign(item, { entry: full, rendered, shortened: false });
      }
    }
  }
  const kept = entries.filter((e) => items.has(e.name)).map((e) => items.get(e.name)!);
  return {
    kept: kept.map(({ entry, rendered }) => ({ entry, rendered })),
    shortened: kept.filter((k) => k.shortened).map((k) => k.entry.name),
    dropped,
  };
}
