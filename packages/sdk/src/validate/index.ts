export { readSkillFolder, MAX_JSON_BYTES } from './read-folder.js';
export type { PackageJsonInfo, SkillFolder, ReadSkillFolderOptions } from './read-folder.js';
export { chooseEntry, mainExportTarget, DEFAULT_ENTRY } from './entry.js';
export type { EntryChoice, EntrySource } from './entry.js';
export { validateSkill, SKILL_KEYWORD } from './validate-skill.js';
export type { ValidateOptions, ValidateResult } from './validate-skill.js';
export { configDefaults } from './implemented-tools.js';
export { reservedEnvReason, isReservedEnvName } from './reserved-env.js';
