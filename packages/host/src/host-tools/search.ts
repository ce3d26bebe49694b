// skills.search: the per-snapshot BM25 index the prompt budget also ranks with.
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot } from '../catalog/types.js';
import { skillIndex } from '../prompt/search-index.js';
import { isRecord } from '../formats/types.js';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from './record.js';

export interface SkillSearchHit {
  name: string;
  description: string;
  /** Absolute path of the skill's SKILL.md. */
  location: string;
  score: number;
}

export function searchSkills(snapshot: CatalogSnapshot, input: unknown): SkillSearchHit[] {
  if (!isRecord(input) || typeof input.query !== 'string') {
    throw new SkillError('INVALID_INPUT', 'skills.search needs { "query": string }.');
  }
  const limit = input.limit ?? SEARCH_DEFAULT_LIMIT;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > SEARCH_MAX_LIMIT
  ) {
    throw new SkillError(
      'INVALID_INPUT',
      `skills.search: "limit" must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`,
    );
  }
  return skillIndex(snapshot)
    .search(input.query, limit)
    .map(({ skill, score }) => ({
      name: skill.name,
      description: skill.description,
      location: skill.location,
      score: Math.round(score * 1000) / 1000,
    }));
}
