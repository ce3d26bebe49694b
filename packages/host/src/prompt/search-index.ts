// BM25 ranking (MiniSearch). One index per snapshot over the prompt-visible skills' names
// and descriptions: the prompt budget ranks with it and the skills.search host tool queries
// it. The tool budget builds its tool index with the same function (bm25Index).
import { loadMiniSearch } from '../lazy.js';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import { promptSkills } from './select.js';

export interface SkillHit {
  skill: SkillRecord;
  score: number;
}

export interface SkillIndex {
  /** Best first; ties in name order. An empty query lists every skill with score 0. */
  search(query: string, limit?: number): SkillHit[];
}

// Prefix and fuzzy matching (20% of a term's length in edits) only for terms long enough
// for them to mean something; short ones would expand to half the vocabulary.
const SEARCH_OPTIONS = {
  prefix: (term: string) => term.length >= 3,
  fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
};
/** A query is often a whole user message: its first distinct terms are plenty to rank by. */
const MAX_QUERY_TERMS = 32;

/** Distinct terms of a query, in order, at most MAX_QUERY_TERMS. */
export function compactQuery(query: string): string {
  const terms = new Set<string>();
  for (const t of query.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (t.length > 1) terms.add(t);
    if (terms.size >= MAX_QUERY_TERMS) break;
  }
  return [...terms].join(' ');
}

/** One document of a BM25 index: an id and its text fields. */
export type IndexDoc = { id: string } & Record<string, string>;

export interface IndexHit {
  id: string;
  score: number;
}

/**
 * A BM25 index over `docs` (MiniSearch, prefix and fuzzy terms, the first field boosted):
 * the one ranking the prompt block, `skills_search`, the tool budget and `tools_search` use.
 * Hits come best first, ties in id order.
 */
export function bm25Index(
  docs: readonly IndexDoc[],
  fields: readonly string[],
): (query: string) => IndexHit[] {
  const ms = new (loadMiniSearch())<IndexDoc>({
    fields: [...fields],
    searchOptions: { ...SEARCH_OPTIONS, boost: { [fields[0]!]: 2 } },
  });
  ms.addAll(docs);
  return (query) => {
    const terms = compactQuery(query);
    if (terms === '') return [];
    return ms
      .search(terms)
      .map((r) => ({ id: r.id as string, score: r.score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  };
}

export function skillIndex(snapshot: CatalogSnapshot): SkillIndex {
  return snapshot.memo('search:skills', () => {
    const skills = promptSkills(snapshot);
    const byName = new Map(skills.map((s) => [s.name, s]));
    const search = bm25Index(
      skills.map((s) => ({ id: s.name, name: s.name, description: s.description })),
      ['name', 'description'],
    );
    return {
      search(query: string, limit = Infinity): SkillHit[] {
        if (query.trim() === '')
          return skills.slice(0, limit).map((skill) => ({ skill, score: 0 }));
        return search(query)
          .slice(0, limit)
          .map((h) => ({ skill: byName.get(h.id)!, score: h.score }));
      },
    };
  });
}
