/**
 * The skill host an agent embeds: `createSkillHost`, the tool formats, and the types of calls,
 * results, snapshots, installs and auth.
 * @module @openclaw/skill-host
 */
// @openclaw/skill-host: what an agent builder embedding the host uses. Everything here keeps
// working across minor versions; everything else is a private module. Tools of this
// repository that need internals (the CLI, the benchmarks) import `@openclaw/skill-host/internal`,
// which makes no such promise.
export {
  createSkillHost,
  type SkillHost,
  type SkillHostOptions,
  type PromptCallOptions,
} from './host.js';
export type { HostEvents } from './events.js';
/** The host API version skills' manifests ask for with `"host": "^1"`. */
export { HOST_API_VERSION } from '@openclaw/skill-sdk';

// Config: the `config` option and `<home>/config.json`.
export { hostConfigSchema } from './config/schema.js';
export type {
  HostConfig,
  SkillSettings,
  PolicyConfig,
  ApprovalsConfig,
  LimitsConfig,
  AuditConfig,
} from './config/schema.js';

// What `host.skills` and `host.snapshot()` hold.
export type {
  CatalogSnapshot,
  SkillRecord,
  SkillSource,
  SkillStatus,
  SourceKind,
  ToolRecord,
} from './catalog/types.js';

// Tool calls: `host.call()`, `host.callMany()` and the `approve` option.
export type {
  ApprovalAnswer,
  ApprovalHandler,
  ApprovalRequest,
  CallContext,
  CallFailure,
  CallResult,
  CallSuccess,
  ToolCall,
  CallMeta,
  CallRunner,
  CallApproval,
} from './router/types.js';
export type { BeforeCallHook, BeforeCallDecision, BeforeCallInfo } from './router/before-call.js';
export type { UntrustedMark, UntrustedReason } from './router/untrusted.js';

// The `runner` option's contract.
export type { ActiveSkill, Runner, RunnerKind } from './runners/types.js';

// `host.prompt()`.
export type { PromptResult } from './prompt/index.js';

// Provider wire formats: turning a model's reply into calls and results back into its format.
export { toWireResult, fromWireCalls, wireName, TOOL_FORMATS } from './formats/index.js';
export type {
  ToolFormat,
  ToolDefinitionOf,
  ListedDefinitionOf,
  AnthropicTool,
  AnthropicToolSearchTool,
  ResultMeta,
  WireResultOf,
} from './formats/index.js';

// `host.tools.definitions()` per caller and within a token budget (docs/agents/tool-budgets.md).
export type {
  DefinitionsOptions,
  DefinitionsReport,
  ToolDefinitionList,
  ToolTokens,
  Tokenizer,
} from './budget/index.js';

// `host.install()`, `update()`, `remove()`, `rollback()` and the lockfile they keep.
export type {
  InstallAction,
  InstallOptions,
  InstallProgress,
  InstallResult,
  InstallSummary,
  InstallWarning,
  LocalDependency,
  LockEntry,
  LockFile,
  RemoveOptions,
  RollbackOptions,
  SummaryTool,
} from './install/types.js';
export type { OutdatedEntry } from './install/outdated.js';
export type { ProvenanceInfo } from './install/provenance.js';
export type { SignatureStatus } from './install/signatures.js';
// The folders an install summary and `list` show as granted (`skills.<name>.grant`).
export type { FolderGrants, ShownGrants } from './runners/folder-grants.js';
// `host.checkInstalls()`, what `doctor` reports and repairs.
export type { InstallCheck } from './install/installer.js';
export type { InstallFinding, InstallFix } from './install/reconcile.js';
// The `followRetry` option: backoff of a failed follow of a shared store's lockfile.
export type { FollowRetry } from './install/follow.js';

// `host.watch()` (live reload).
export type { HostWatchOptions } from './host.js';
export type { Clock } from './watch/watcher.js';

// `host.auth` and the `auth` option (a vault or grant store of your own).
export type {
  HostAuth,
  LoginNeeded,
  LoginRequest,
  LogoutResult,
  AuthManagerOptions,
  Grant,
  GrantStore,
  SecretVault,
  Credential,
} from './auth/index.js';
// MCP servers (config.mcpServers): `host.mcp.servers()` and the `mcp` option.
export type { Backoff, McpServerStatus, Schedule, ServerState } from './mcp-client/index.js';
export type { McpServerSettings } from './config/schema.js';
