// Ranking a caller's tools for the budget: relevance to the current request (BM25 scores,
// scaled to the best hit) blended with how much this agent used each tool (decayed counts,
// scaled to the most used). Relevance leads; usage orders what relevance cannot tell apart
// and lifts the tools an agent lives on. With no request and no history: name order.
import type { IndexHit } from '../prompt/search-index.js';

/** How much the most-used tool gains, against 1 for the best BM25 match. */
export const USAGE_WEIGHT = 0.3;

export interface RankInput {
  /** Candidate names in name order. */
  names: readonly string[];
  /** BM25 hits for the request (any names; others are ignored). */
  hits: readonly IndexHit[];
  /** Decayed call counts by tool name. */
  usage: ReadonlyMap<string, number>;
}

/** Every candidate, most relevant first; ties keep name order. */
export function rankTools({ names, hits, usage }: RankInput): string[] {
  const relevance = new Map<string, number>();
  const best = hits[0]?.score ?? 0;
  if (best > 0) for (const h of hits) relevance.set(h.id, h.score / best);
  let most = 0;
  for (const n of names) most = Math.max(most, usage.get(n) ?? 0);
  const score = (n: string): number =>
    (relevance.get(n) ?? 0) + (most > 0 ? USAGE_WEIGHT * Math.sqrt((usage.get(n) ?? 0) / most) : 0);
  // Only tools with a score move; the rest (most of a large catalog) keep name order.
  const scored: { name: string; i: number; s: number }[] = [];
  const rest: string[] = [];
  names.forEach((name, i) => {
    const s = relevance.has(name) || usage.has(name) ? score(name) : 0;
    if (s > 0) scored.push({ name, i, s });
    else rest.push(name);
  });
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return [...scored.map((x) => x.name), ...rest];
}
