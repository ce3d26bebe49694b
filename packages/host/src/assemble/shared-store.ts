// Several hosts, one store: grants, encrypted tokens, the lockfile and (optionally) the audit
// table in Postgres. Opened before anything reads grants or the lockfile, so a missing key or
// an unreachable database stops the host with one line. The `pg` modules load only here.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '@openclaw/skill-sdk';
import type { Emitter, HostEvents } from '../events.js';
import { createFileInstallState, type InstallState } from '../install/state.js';
import type { SharedStore } from '../pg/index.js';
import type { HostSettings, LiveConfig } from './settings.js';

export interface SharedStoreDeps {
  settings: HostSettings;
  config: LiveConfig;
  logger: Logger;
  events: Emitter<HostEvents>;
}

/** The shared store of config.store, or undefined for a host on its own home. */
export async function openConfiguredStore(deps: SharedStoreDeps): Promise<SharedStore | undefined> {
  const store = deps.config.current.store;
  if (store?.type !== 'postgres') return undefined;
  const { openSharedStore } = await import('../pg/index.js');
  return openSharedStore({
    store,
    env: deps.settings.env,
    configFile: deps.settings.paths.config,
    onIdleError: (e) =>
      deps.logger.warn({ err: e }, 'Lost a connection to the shared store; reconnecting.'),
  });
}

export interface InstallStateChoice {
  state: InstallState;
  /** This host's name in the shared store ('' without one). */
  origin: string;
}

/** What is installed: the lockfile in the home, or the shared one every host follows. */
export function chooseInstallState(
  shared: SharedStore | undefined,
  deps: SharedStoreDeps,
): InstallStateChoice {
  const { paths } = deps.settings;
  if (!shared) return { state: createFileInstallState(paths.lockfile), origin: '' };
  // Unique per process: two hosts on one machine are two origins.
  const origin = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let npmConfig: (() => Promise<{ options: Record<string, unknown> }>) | undefined;
  const state = shared.installState({
    origin,
    packageBytes: async (entry) => {
      const { readPackageBytes } = await import('../install/package-bytes.js');
      const { npmConfigLoader } = await import('../install/npm-config.js');
      const registry = entry.registry ?? deps.config.current.install?.registry;
      // A tarball no longer in the cache is fetched again with the user's npm credentials.
      const { env, userHome, workspace } = deps.settings;
      npmConfig ??= npmConfigLoader({
        env: { ...env, HOME: env.HOME ?? userHome },
        cwd: workspace,
      });
      const { options: npm } = await npmConfig();
      return readPackageBytes(entry, { cache: paths.npmCache, npm, ...(registry && { registry }) });
    },
    onLost: (e) => {
      deps.logger.warn({ err: e }, 'Lost the shared store; calls go on, installs wait for it.');
      deps.events.emit('store', { state: 'lost' });
    },
    onBack: () => deps.events.emit('store', { state: 'back' }),
  });
  return { state, origin };
}

/** Audit lines also to the shared table (store.auditTable), shipped from the audit file. */
export async function shipAudit(
  shared: SharedStore | undefined,
  origin: string,
  deps: SharedStoreDeps,
): Promise<{ close(): Promise<void> } | undefined> {
  if (!shared || !deps.config.current.store?.auditTable) return undefined;
  const { shipAuditToTable } = await import('../pg/audit-table.js');
  return shipAuditToTable(shared.db, deps.settings.paths.audit, origin, {
    onError: (e) =>
      deps.logger.warn({ err: e }, 'Could not ship audit lines to the shared store yet.'),
  });
}
