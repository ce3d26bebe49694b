export { renderPrompt, DEFAULT_PROMPT_MAX_CHARS } from './render.js';
export type { PromptOptions, PromptResult } from './render.js';
export { injectSkills, findSkillsBlock } from './inject.js';
export { PREAMBLE, type PromptFormat } from './blocks.js';
export { promptSkills } from './select.js';
export { skillIndex, type SkillIndex, type SkillHit } from './search-index.js';
export { shortenDescription } from './budget.js';
export { hostReadToolName } from './read-tool.js';
