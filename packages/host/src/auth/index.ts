// The auth manager and its parts.
export {
  createAuthManager,
  loginCommand,
  skillScopes,
  type AuthManager,
  type AuthManagerOptions,
  type LoginRequest,
} from './manager.js';
export type { HostAuth, LoginNeeded, AuthSkill } from './public.js';
export type { LogoutResult } from './logout.js';
export type { Grant, GrantStore, GrantState, GrantFlow } from './grants.js';
export { createFileGrantStore } from './grant-store-file.js';
export { createMemoryVault, type SecretVault, type Credential } from './vault.js';
export { createFileVault } from './vault-file.js';
export { probeKeychain, type KeychainProbe } from './vault-keychain.js';
export { noKeychainMessage, FILE_STORE_WARNING } from './vault-select.js';
export {
  PRESETS,
  resolveProvider,
  expandScopes,
  knownProviders,
  type ResolvedProvider,
} from './providers.js';
export type { DevicePrompt } from './flow-device.js';
