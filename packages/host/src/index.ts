// @openclaw/skill-host: the public surface. Internals stay private modules.
export {
  createSkillHost,
  type SkillHost,
  type SkillHostOptions,
  type PromptCallOptions,
} from './host.js';
/** The host API version skills' manifests ask for with `"host": "^1"`. */
export { HOST_API_VERSION } from '@openclaw/skill-sdk';
export { hostConfigSchema } from './config/schema.js';
export type {
  HostConfig,
  SkillSettings,
  PolicyConfig,
  ApprovalsConfig,
  LimitsConfig,
  AuditConfig,
} from './config/schema.js';
export {
  loadHostConfig,
  readHostConfigFile,
  validateHostConfig,
  mergeHostConfig,
  skillSettings,
} from './config/load.js';
export { resolveHome, hostPaths, type HostPaths } from './paths.js';
export { listSources } from './sources/list.js';
export { scanSkills, type ScanOptions, type ScanResult } from './scan/scan.js';
export { createSnapshot } from './catalog/snapshot.js';
export { DEFAULT_MAX_RESULT_CHARS, DEFAULT_TIMEOUT_MS } from './catalog/types.js';
export type {
  CatalogSnapshot,
  SkillRecord,
  SkillSource,
  SkillStatus,
  SourceKind,
  ToolRecord,
} from './catalog/types.js';
export type {
  ApprovalHandler,
  ApprovalRequest,
  CallContext,
  CallFailure,
  CallResult,
  CallSuccess,
  ToolCall,
} from './router/types.js';
export { createInlineRunner } from './runners/inline.js';
export type { ActiveSkill, Runner, RunnerKind } from './runners/types.js';
export type { PromptResult } from './prompt/index.js';
export { injectSkills, renderPrompt } from './prompt/index.js';
export {
  toolDefinitions,
  toWireResult,
  fromWireCalls,
  wireName,
  nameMapFor,
  TOOL_FORMATS,
} from './formats/index.js';
export type { ToolFormat, ToolDefinitionOf, WireResultOf } from './formats/index.js';
export type { HostEvents } from './events.js';
export type {
  InstallAction,
  InstallOptions,
  InstallProgress,
  InstallResult,
  InstallSummary,
  InstallWarning,
  LockEntry,
  LockFile,
  SummaryTool,
} from './install/types.js';
export { readLock } from './install/lockfile.js';
export type { HostWatchOptions } from './host.js';
export { WATCH_DEBOUNCE_MS, type Clock } from './watch/watcher.js';
