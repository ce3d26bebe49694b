export { readSkillFolder } from './read-folder.js';
export type { PackageJsonInfo, SkillFolder, ReadSkillFolderOptions } from './read-folder.js';
export { validateSkill, SKILL_KEYWORD } from './validate-skill.js';
export type { ValidateOptions, ValidateResult } from './validate-skill.js';
export { isReservedEnvName } from './reserved-env.js';
