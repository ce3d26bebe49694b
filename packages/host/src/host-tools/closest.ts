import { distance } from 'fastest-levenshtein';

/**
 * Up to `n` candidates close to `name`, closest first: a substring either way, a few edits
 * away, or a few edits from one hyphen-separated part (`wether` finds `weather-radar`).
 */
export function closestNames(name: string, candidates: Iterable<string>, n = 3): string[] {
  const q = name.toLowerCase().slice(0, 200);
  const limit = Math.max(2, Math.floor(q.length / 3));
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    const lc = c.toLowerCase();
    let d = distance(q, lc);
    if (q.length >= 3 && (lc.includes(q) || (lc.length >= 3 && q.includes(lc))))
      d = Math.min(d, 0.5);
    for (const part of lc.split('-')) if (part !== lc) d = Math.min(d, distance(q, part) + 0.25);
    if (d <= limit) scored.push({ c, d });
  }
  return scored
    .sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
    .slice(0, n)
    .map((x) => x.c);
}
