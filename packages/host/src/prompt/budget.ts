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

export interface BudgetOptions {
  format: PromptFormat;
  /** Every entry's name, most relevant first. */
  rank: readonly string[];
  maxChars: number;
  /** Counted in the frame around the entries. */
  preamble?: string | undefined;
}

/** @param entries in output (name) order */
export function fitBudget(entries: readonly PromptEntry[], opts: BudgetOptions): BudgetResult {
  const { format, rank, maxChars, preamble } = opts;
  const top = fitFromTop(entries, opts, frameChars(format, preamble));
  if (top) return top;
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

/**
 * The answer of fitBudget when even the shortened entries of the most relevant skills
 * overflow the budget, found from the top: every description would be shortened, the
 * least relevant entries dropped until the rest fit, and the most relevant given their
 * whole description back while they still fit. The dropped entries (most of a large
 * catalog) are neither rendered nor shortened. Undefined when the shortened entries all
 * fit: fitBudget's own walk answers then.
 */
function fitFromTop(
  entries: readonly PromptEntry[],
  opts: BudgetOptions,
  frame: number,
): BudgetResult | undefined {
  const { format, rank, maxChars } = opts;
  // Whole entries render at least this long (escaping only adds): when they might all fit,
  // fitBudget's own walk answers, with no shortening pass here first.
  const empty = renderEntry(format, { name: '', description: '', location: '' }).length;
  let least = frame;
  for (const e of entries)
    least += empty + e.name.length + e.description.length + e.location.length;
  if (least <= maxChars) return undefined;
  const byName = new Map<string, PromptEntry>();
  for (const e of entries) byName.set(e.name, e);
  if (byName.size !== entries.length || rank.length !== entries.length) return undefined;
  const kept = new Map<string, RenderedEntry & { shortened: boolean; original: PromptEntry }>();
  let total = frame;
  let fits = rank.length;
  for (let i = 0; i < rank.length; i++) {
    const original = byName.get(rank[i]!);
    if (!original) return undefined;
    const description = shortenDescription(original.description);
    const shortened = description !== original.description;
    const entry = shortened ? { ...original, description } : original;
    const rendered = renderEntry(format, entry);
    if (total + rendered.length > maxChars) {
      fits = i;
      break;
    }
    total += rendered.length;
    kept.set(original.name, { entry, rendered, shortened, original });
  }
  if (fits === rank.length) return undefined;
  const dropped: string[] = [];
  for (let i = rank.length - 1; i >= fits; i--) dropped.push(rank[i]!);
  for (let i = 0; i < fits; i++) {
    const item = kept.get(rank[i]!)!;
    if (!item.shortened) continue;
    const rendered = renderEntry(format, item.original);
    if (total + rendered.length - item.rendered.length > maxChars) continue;
    total += rendered.length - item.rendered.length;
    Object.assign(item, { entry: item.original, rendered, shortened: false });
  }
  const inOrder = entries.filter((e) => kept.has(e.name)).map((e) => kept.get(e.name)!);
  return {
    kept: inOrder.map(({ entry, rendered }) => ({ entry, rendered })),
    shortened: inOrder.filter((k) => k.shortened).map((k) => k.entry.name),
    dropped,
  };
}
