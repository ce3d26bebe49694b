export {
  planDefinitions,
  tokenCosts,
  DEFAULT_TOOL_BUDGET,
  type DefinitionsOptions,
  type DefinitionsReport,
  type ToolDefinitionList,
  type ToolTokens,
  type PlanDeps,
} from './plan.js';
export { callerView, callerKey, type Caller, type CallerView } from './caller.js';
export { SessionTools, MAX_REVEALED, MAX_SESSIONS } from './sessions.js';
export { UsageReader, USAGE_HALF_LIFE_MS, type UsageCounts } from './usage.js';
export {
  countTokens,
  tokenizerFor,
  ESTIMATE_FACTOR,
  TOKENIZERS,
  type Tokenizer,
} from './tokens.js';
export { toolIndex, identifierWords } from './tool-index.js';
export { rankTools, USAGE_WEIGHT } from './rank.js';
export { fitTokens } from './fit.js';
