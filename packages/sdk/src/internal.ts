/**
 * The SDK's own helpers that the host and CLI of this repository share with it: limits, the
 * entry-point choice, problem capping and path checks. Not part of the skill author's API;
 * they may change in any release.
 * @module @openclaw/skill-sdk/internal
 */
export { MAX_PROBLEMS } from './errors.js';
export { MAX_CAUSES } from './causes.js';
export { messageOf } from './message-of.js';
export { once } from './once.js';
export { capProblems } from './problems.js';
export { isInsidePath } from './read-file.js';
export { jsonDepth } from './validate/json-source.js';
export { MAX_JSON_BYTES } from './validate/read-folder.js';
export { chooseEntry, mainExportTarget, DEFAULT_ENTRY } from './validate/entry.js';
export type { EntryChoice, EntrySource } from './validate/entry.js';
export { configDefaults } from './validate/implemented-tools.js';
export { reservedEnvReason } from './validate/reserved-env.js';
export { strictProblems } from './skill-md/strict.js';
export { LruCache } from './lru-cache.js';
export type { LruCacheOptions } from './lru-cache.js';
