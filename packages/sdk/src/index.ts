/**
 * What a skill author imports: `defineSkill`, `defineTool`, the `SkillContext` types, the
 * manifest schema, the SKILL.md reader and validator, and the one coded error, `SkillError`.
 * @module @openclaw/skill-sdk
 */
export { ERROR_CODES, PROBLEM_CODES, SkillError, isSkillError } from './errors.js';
export type { ErrorCode, Problem, ProblemCode, SkillErrorOptions } from './errors.js';
export { errorCauses } from './causes.js';
export type * from './context.js';
export * from './define.js';
export * from './skill-md/index.js';
export * from './validate/index.js';
export {
  manifestSchema,
  SKILL_NAME_PATTERN,
  TOOL_PART_PATTERN,
  CANONICAL_TOOL_PATTERN,
} from './manifest/schema.js';
export type { Manifest, ManifestTool, ManifestAuth, ToolAnnotations } from './manifest/schema.js';
/** The host API version this SDK's types describe; manifests say `"host": "^1"`. */
export const HOST_API_VERSION = '1.0.0';
/** File and JSON reading the host shares with the skill reader (regular files, capped). */
export { readTextCappedSync, describeRead } from './read-file.js';
export type { ReadText, ReadTextOptions } from './read-file.js';
export { parseJsonText, MAX_JSON_DEPTH } from './validate/json-source.js';
export type { ParsedJson } from './validate/json-source.js';
/** A skill's config checked against its manifest's schema, defaults applied (host and tester). */
export { resolveSkillConfig, flatDefaults } from './config/skill-config.js';
export type { SkillConfigInput, SkillConfigResult } from './config/skill-config.js';
