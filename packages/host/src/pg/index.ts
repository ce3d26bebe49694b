// The shared store: grants, encrypted secrets and the installed-skill
// state of several hosts in one Postgres. Opening it checks the encryption key first (a host
// without it refuses to start with one line), connects, and applies the migrations.
import { SkillError } from '@openclaw/skill-sdk';
import type { GrantStore } from '../auth/grants.js';
import type { SecretVault } from '../auth/vault.js';
import type { StoreConfig } from '../config/schema.js';
import { keyringFromEnv, type Keyring } from './cipher.js';
import { isUnreachable, openDatabase, unavailable, URL_ENV, type Database } from './connect.js';
import { createPostgresGrantStore } from './grant-store.js';
import type { InstallState } from '../install/state.js';
import { createPostgresInstallState, type PostgresInstallStateOptions } from './install-state.js';
import { migrate } from './migrations.js';
import { createPostgresVault } from './vault.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

/** The keychain service name every host of a shared store uses (homes differ per host). */
export const SHARED_SERVICE = 'openclaw-skills';

export interface SharedStore {
  /** The vault service name every host of this store uses. */
  readonly service: string;
  readonly db: Database;
  readonly keys: Keyring;
  readonly grants: GrantStore;
  readonly vault: SecretVault;
  /**
   * The lockfile, the packages' bytes and the change feed; `origin` names this host in the
   * event rows.
   */
  installState(opts: PostgresInstallStateOptions): InstallState;
  close(): Promise<void>;
}

export interface SharedStoreOptions {
  store: StoreConfig;
  env: NodeJS.ProcessEnv;
  /** Where `store` came from, for messages. */
  configFile: string;
  /** How long writes wait for an unreachable database (default 30 s). */
  retryMs?: number;
  /** Pool size (default 10). */
  max?: number;
  onIdleError?: (e: Error) => void;
}

export function storeUrl(store: StoreConfig, env: NodeJS.ProcessEnv, configFile: string): string {
  const url = store.url ?? env[URL_ENV];
  if (!url) {
    throw new SkillError(
      'CONFIG_INVALID',
      `"store": { "type": "postgres" } in ${configFile} needs a database URL: set "store.url" or ${URL_ENV}.`,
      { file: configFile },
    );
  }
  return url;
}

export async function openSharedStore(opts: SharedStoreOptions): Promise<SharedStore> {
  const keys = keyringFromEnv(opts.env);
  const url = storeUrl(opts.store, opts.env, opts.configFile);
  const db = await openDatabase(url, {
    ...(opts.max !== undefined && { max: opts.max }),
    ...(opts.onIdleError && { onIdleError: opts.onIdleError }),
  });
  try {
    await migrate(db);
  } catch (e) {
    await db.close().catch(() => undefined);
    if (isUnreachable(e)) throw unavailable(url, e);
    throw new SkillError(
      'STORE_UNAVAILABLE',
      `The shared store's schema could not be brought up to date: ${messageOf(e)}`,
      { cause: e },
    );
  }
  const retry = opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {};
  return {
    service: SHARED_SERVICE,
    db,
    keys,
    grants: createPostgresGrantStore(db, retry),
    vault: createPostgresVault(db, keys, retry),
    installState: (o) => createPostgresInstallState(db, o),
    close: () => db.close(),
  };
}
