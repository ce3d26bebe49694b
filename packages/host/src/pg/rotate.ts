// `openclaw-skill auth rotate-key`: re-encrypts every secret of the shared store under the
// current key (OPENCLAW_SKILLS_ENCRYPTION_KEY), reading old rows with the keys listed in
// OPENCLAW_SKILLS_ENCRYPTION_KEYS_PREVIOUS. Nobody is logged out: tokens are only resealed.
import { SkillError } from '@openclaw/skill-sdk';
import type { HostConfig } from '../config/schema.js';
import { openSharedStore } from './index.js';
import { reencryptAll } from './vault.js';

export interface RotateResult {
  /** The id of the key every secret is now sealed under. */
  keyId: string;
  reencrypted: number;
  /** Rows that were under the current key already. */
  current: number;
}

export async function rotateStoreKey(opts: {
  config: HostConfig;
  configFile: string;
  env: NodeJS.ProcessEnv;
}): Promise<RotateResult> {
  if (opts.config.store?.type !== 'postgres') {
    throw new SkillError(
      'CONFIG_INVALID',
      `auth rotate-key re-encrypts the secrets of a shared store; ${opts.configFile} has no "store": { "type": "postgres" } (the OS keychain encrypts a single host's secrets itself).`,
      { file: opts.configFile },
    );
  }
  const store = await openSharedStore({
    store: opts.config.store,
    env: opts.env,
    configFile: opts.configFile,
    max: 2,
  });
  try {
    const r = await reencryptAll(store.db, store.keys);
    return { keyId: store.keys.currentId, ...r };
  } finally {
    await store.close();
  }
}
