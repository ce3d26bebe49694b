export { parseSkillMd, readSkillMd, MAX_SKILL_MD_BYTES } from './parse.js';
export { strictProblems } from './strict.js';
export type * from './types.js';
