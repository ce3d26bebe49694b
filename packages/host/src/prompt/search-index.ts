// One BM25 index (MiniSearch) per snapshot over the prompt-visible skills' names and
// descriptions. The prompt budget ranks with it and the skills.search host tool queries it.
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

interface Doc {
  id: string;
  name: string;
  description: string;
}

// Prefix and fuzzy matching (20% of a term's length in edits) only for terms long enough
// for them to mean something; short ones would expand to half the vocabulary.
const SEARCH_OPTIONS = {
  prefix: (term: string) => term.length >= 3,
  fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
  boost: { name: 2 },
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

export function skillIndex(snapshot: CatalogSnapshot): SkillIndex {
  return snapshot.memo('search:skills', () => {
    const skills = promptSkills(snapshot);
    const byName = new Map(skills.map((s) => [s.name, s]));
    const ms = new (loadMiniSearch())<Doc>({
      fields: ['name', 'description'],
      searchOptions: SEARCH_OPTIONS,
    });
    ms.addAll(skills.map((s) => ({ id: s.name, name: s.name, description: s.description })));
    return {
      search(query: string, limit = Infinity): SkillHit[] {
        if (query.trim() === '')
          return skills.slice(0, limit).map((skill) => ({ skill, score: 0 }));
        const terms = compactQuery(query);
        if (terms === '') return [];
        const hits = ms
          .search(terms)
          .map((r) => ({ skill: byName.get(r.id as string)!, score: r.score }))
          .sort((a, b) => b.score - a.score || (a.skill.name < b.skill.name ? -1 : 1));
        return hits.slice(0, limit);
      },
    };
  });
}
