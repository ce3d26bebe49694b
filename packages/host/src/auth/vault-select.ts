// Picks the SecretVault from the host config: the OS keychain by default (keytar when the
// user installed it, else @napi-rs/keyring), the 0600 file store only with
// `auth.store: "file"` (with a one-line warning), or what the embedder passed (tests pass a
// memory vault). The keychain is probed on first use; without one, every auth path fails
// with one line naming the file-store opt-in.
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { HostConfig } from '../config/schema.js';
import { createFileVault } from './vault-file.js';
import { keychainVault, loadKeytar, napiKeyring, probeKeychain } from './vault-keychain.js';
import type { SecretVault } from './vault.js';

export const FILE_STORE_WARNING = (dir: string) =>
  `warning: auth.store is "file": tokens and keys are kept unencrypted in ${dir} (0600), not in the OS keychain.`;

export function noKeychainMessage(reason: string, configFile: string): string {
  return `No OS keychain is reachable (${reason}); set "auth": { "store": "file" } in ${configFile} to keep tokens in a 0600 file instead.`;
}

export async function openVault(opts: {
  home: string;
  config: HostConfig;
  configFile: string;
  warn?: (line: string) => void;
}): Promise<SecretVault> {
  if (opts.config.auth?.store === 'file') {
    const dir = join(opts.home, 'secrets');
    opts.warn?.(FILE_STORE_WARNING(dir));
    return createFileVault(dir);
  }
  const keytar = await loadKeytar();
  const vault = keytar ? keychainVault(keytar, 'keytar') : keychainVault(napiKeyring(), 'keychain');
  const probe = await probeKeychain(vault);
  if (!probe.ok) {
    throw new SkillError('AUTH_FAILED', noKeychainMessage(probe.reason, opts.configFile), {
      file: opts.configFile,
    });
  }
  return vault;
}
