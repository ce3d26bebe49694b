// @openclaw/skill-host/internal: the parts of the host this repository's own tools use (the
// CLI's commands, the benchmarks). Not a public API: names and shapes change without notice.
// An agent builder imports `@openclaw/skill-host`.
export { loadHostConfig, readHostConfigFile } from './config/load.js';
export { resolveHome, hostPaths } from './paths.js';
// Finding a running serve is light (no MCP SDK, no HTTP server): the CLI and doctor use it.
export { readServeFile, pidAlive, type ServeInfo } from './serve/serve-file.js';
export { createSnapshot } from './catalog/snapshot.js';
// EntryProblem: the CLI's declarations name it through listEntry's type.
export { listEntry, type EntryProblem, type ListEntry } from './catalog/entries.js';
export { toolDefinitions, isAnthropicTool } from './formats/index.js';
export { countTokens } from './budget/index.js';
// `info` and `search` read a published skill as install does, without installing it.
export { fetchPackage, normalizeSpec } from './install/fetch.js';
export { inspectPackage } from './install/inspect.js';
export { resolveRegistry } from './install/registry.js';
export type { InstallSummary } from './install/types.js';
export { runnerKindFor } from './runners/choose.js';
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
