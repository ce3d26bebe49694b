// Picks the SecretVault from the host config: the OS keychain by default (keytar when the
// user installed it, else @napi-rs/keyring), the 0600 file store only with
// `auth.store: "file"` (with a one-line warning), or what the embedder passed (tests pass a
// memory vault). The keychain is probed on first use; without one, every auth path fails
// with one line naming the file-store opt-in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { HostConfig } from '../config/schema.js';
import { createFileVault } from './vault-file.js';
import { keychainVault, loadKeytar, napiKeyring, probeKeychain } from './vault-keychain.js';
import type { SecretVault } from './vault.js';

export const FILE_STORE_WARNING = (dir: string) =>
  `warning: auth.store is "file": tokens and keys are kept unencrypted in ${dir} (0600), not in the OS keychain.`;

/**
 * Why no keychain answered, in words a user can act on. On Linux the usual cause is no D-Bus
 * session bus (SSH, containers, CI), which the keychain library reports only as a bus error.
 */
export function noKeychainMessage(
  reason: string,
  configFile: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const fix = `set "auth": { "store": "file" } in ${configFile} to keep tokens in a 0600 file instead`;
  if (process.platform === 'linux' && !sessionBusReachable(env)) {
    return (
      'No OS keychain is reachable: no D-Bus session bus is running here (usual over SSH, in ' +
      'containers and in CI), so the Secret Service (GNOME Keyring, KWallet) cannot be asked. ' +
      'Start one with dbus-run-session -- $SHELL and unlock a keyring ' +
      `(echo -n <password> | gnome-keyring-daemon --unlock), or ${fix}.`
    );
  }
  return `No OS keychain is reachable (the keychain said: ${reason}); ${fix}.`;
}

/** Whether DBUS_SESSION_BUS_ADDRESS names a bus that can exist (a socket path that is there). */
export function sessionBusReachable(env: NodeJS.ProcessEnv): boolean {
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (!address) return false;
  const path = /(?:^|;)unix:path=([^,;]+)/.exec(address)?.[1];
  return path === undefined || existsSync(path);
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
