// @openclaw/skill-host/internal: the parts of the host this repository's own tools use (the
// CLI's commands, the benchmarks). Not a public API: names and shapes change without notice.
// An agent builder imports `@openclaw/skill-host`.
export { loadHostConfig, readHostConfigFile } from './config/load.js';
export { resolveHome, hostPaths } from './paths.js';
// Finding a running serve is light (no MCP SDK, no HTTP server): the CLI and doctor use it.
export { readServeFile, pidAlive, type ServeInfo } from './serve/serve-file.js';
export { createSnapshot } from './catalog/snapshot.js';
// EntryProblem: the CLI's declarations name it through listEntry's type.
export { listEntry, listEntries, type EntryProblem, type ListEntry } from './catalog/entries.js';
export { shadowWarnings, type ShadowWarning } from './catalog/shadowing.js';
export {
  grantedFolders,
  shownGrants,
  type FolderGrants,
  type ShownGrants,
} from './runners/folder-grants.js';
export { DEFAULT_MAX_RESULT_CHARS, DEFAULT_TIMEOUT_MS } from './catalog/types.js';
export { createInlineRunner } from './runners/inline.js';
export { createWorkerRunner, type WorkerRunnerOptions } from './runners/worker.js';
export { createSandboxRunner, type SandboxRunnerOptions } from './runners/sandbox.js';
export { injectSkills, renderPrompt } from './prompt/index.js';
export { toolDefinitions, nameMapFor, isAnthropicTool } from './formats/index.js';
export { countTokens, tokenCosts, type Tokenizer } from './budget/index.js';
export { readLock } from './install/lockfile.js';
// `info` and `search` read a published skill as install does, without installing it.
export { fetchPackage, normalizeSpec } from './install/fetch.js';
export { inspectPackage } from './install/inspect.js';
export { fetchVerified } from './install/verify-install.js';
export { resolveRegistry } from './install/registry.js';
export {
  loadNpmConfig,
  npmBuiltinRegistry,
  npmConfigLoader,
  registryForSpec,
  type NpmConfig,
  type NpmOptions,
} from './install/npm-config.js';
export {
  authHeaders,
  refusedError,
  refusedStatus,
  sendsCredentials,
} from './install/registry-auth.js';
export type { InstallSummary } from './install/types.js';
export { codeRunnerOf, runnerKindFor } from './runners/choose.js';
// The full auth manager behind `host.auth` (tokens, keys, the vault) for the CLI and tests.
export { internalAuth } from './assemble/internal-auth.js';
export {
  createAuthManager,
  createMemoryVault,
  probeKeychain,
  noKeychainMessage,
  FILE_STORE_WARNING,
} from './auth/index.js';
// The shared store's key rotation (`auth rotate-key`); loads `pg` only when called.
export const rotateStoreKey = (
  ...args: Parameters<typeof import('./pg/rotate.js').rotateStoreKey>
) => import('./pg/rotate.js').then((m) => m.rotateStoreKey(...args));
// `doctor`: hosts of a shared store that cannot follow its lockfile; loads `pg` only when called.
export const sharedStoreFollowChecks = (
  ...args: Parameters<typeof import('./pg/follow-checks.js').sharedStoreFollowChecks>
) => import('./pg/follow-checks.js').then((m) => m.sharedStoreFollowChecks(...args));
// The shared store itself (benchmarks); loads `pg` only when called.
export const openSharedStore = (
  ...args: Parameters<typeof import('./pg/index.js').openSharedStore>
) => import('./pg/index.js').then((m) => m.openSharedStore(...args));
// `link`/`unlink`: the agents table and the links into the store.
export { AGENTS, AGENT_IDS, agentById, type AgentId, type AgentInfo } from './agents/table.js';
export {
  findLinks,
  installedKind,
  linkSkill,
  unlinkSkill,
  type LinkPlace,
  type LinkResult,
  type LinkScope,
} from './agents/link.js';
export {
  entryText,
  mcpConfigFile,
  writeMcpEntry,
  SERVER_NAME,
  type ServeCommand,
} from './agents/mcp-entry.js';
// Skills ClawHub or the `skills` CLI keep: `update`/`remove` point to that tool.
export { managerCommand } from './scan/managed-by.js';
export type { ManagedBy } from './catalog/types.js';
// `info`: where an installed version of a skill is kept in the store.
export { storeLayout } from './install/store.js';
// `doctor`: the size of the dependency copies shared between installed skills.
export { sharedSize, type SharedSize } from './install/shared-gc.js';
