export { parseSkillMd, readSkillMd, MAX_SKILL_MD_BYTES } from './parse.js';
export type * from './types.js';
