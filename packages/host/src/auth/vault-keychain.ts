// The OS keychain behind the SecretVault interface. @napi-rs/keyring is the default (it
// ships prebuilt binaries); keytar is used instead when the user has installed it (it is
// archived and needs a source build, so it is never a dependency). Both load lazily: a host
// that never touches a token never loads a native addon.
import { createRequire } from 'node:module';
import type { Credential, SecretVault } from './vault.js';

interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Credential[]>;
}

const require = createRequire(import.meta.url);

/** keytar when the user installed it, else undefined. */
export async function loadKeytar(): Promise<KeytarLike | undefined> {
  try {
    const name = 'keytar';
    const mod = (await import(name)) as { default?: KeytarLike } & KeytarLike;
    return mod.default ?? mod;
  } catch {
    return undefined;
  }
}

/** @napi-rs/keyring in keytar's shape, pinned to the Secret Service on Linux (never the
 * kernel keyring, which forgets everything at logout). */
export function napiKeyring(): KeytarLike {
  const k = require('@napi-rs/keyring') as typeof import('@napi-rs/keyring');
  const options = { linux: { store: 'secret-service' as const } };
  return {
    getPassword: (s, a) => new k.AsyncEntry(s, a, options).getPassword(),
    setPassword: (s, a, p) => new k.AsyncEntry(s, a, options).setPassword(p),
    deletePassword: (s, a) => new k.AsyncEntry(s, a, options).deletePassword(),
    findCredentials: (s) => k.findCredentialsAsync(s),
  };
}

export function keychainVault(impl: KeytarLike, kind: 'keychain' | 'keytar'): SecretVault {
  // Errors from a native addon are normalised to Errors with a message (some are strings).
  const wrap =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await fn(...a);
      } catch (e) {
        throw e instanceof Error ? e : new Error(String(e));
      }
    };
  return {
    kind,
    getPassword: wrap(impl.getPassword),
    setPassword: wrap(impl.setPassword),
    deletePassword: wrap(impl.deletePassword),
    findCredentials: wrap(impl.findCredentials),
  };
}

export type KeychainProbe =
  { ok: true; kind: 'keychain' | 'keytar' } | { ok: false; reason: string };

/** Writes, reads and deletes a probe entry: the only reliable way to know a keychain works. */
export async function probeKeychain(vault?: SecretVault): Promise<KeychainProbe> {
  let v = vault;
  try {
    if (!v) {
      const keytar = await loadKeytar();
      v = keytar ? keychainVault(keytar, 'keytar') : keychainVault(napiKeyring(), 'keychain');
    }
    const service = 'openclaw-skills-probe';
    const account = `probe-${process.pid}`;
    await v.setPassword(service, account, 'ok');
    const back = await v.getPassword(service, account);
    await v.deletePassword(service, account);
    if (back !== 'ok') return { ok: false, reason: 'the keychain did not return what was stored' };
    return { ok: true, kind: v.kind === 'keytar' ? 'keytar' : 'keychain' };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: msg.split('\n')[0]! };
  }
}
