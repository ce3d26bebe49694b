// The installer's parts as one context: the store layout, the lockfile (InstallState), the
// host's swap, the config, and what prepare and change need of them.
import type { HostConfig } from '../config/schema.js';
import type { ChangeContext, Swapped, SwapExpectation } from './change.js';
import type { HostPaths } from '../paths.js';
import type { SkillRecord } from '../catalog/types.js';
import type { InstallState } from './state.js';
import type { PrepareContext } from './prepare.js';
import { createFileInstallState } from './state.js';
import { storeLayout } from './store.js';
import { DEFAULT_KEEP_GENERATIONS } from './start.js';
import { npmConfigLoader, type NpmConfig } from './npm-config.js';

export interface InstallerDeps {
  paths: HostPaths;
  config(): HostConfig;
  env: NodeJS.ProcessEnv;
  /** Relative local specs resolve against it. */
  cwd: string;
  /** What `~` in the host config's folder grants expands to. */
  userHome?: string;
  hostVersion?: string;
  /** Where the lockfile lives (default: `<home>/skills.lock.json`). */
  state?: InstallState;
  /** The serving snapshot's records (consent warns about skills of the same name). */
  skills?(): readonly SkillRecord[];
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Scans, loads each expected skill's new record beside the serving one, then publishes one
   * new snapshot. Throws (publishing nothing) when a record is missing, invalid or fails to load.
   */
  swap(expect: readonly SwapExpectation[]): Promise<Swapped>;
}

export interface InstallerContext extends ChangeContext, PrepareContext {
  deps: InstallerDeps;
  /**
   * The user's npm configuration (registry, scoped registries, credentials): read once, and
   * again when one of its npmrc files changes.
   */
  npmConfig(): Promise<NpmConfig>;
}

export { DEFAULT_KEEP_GENERATIONS };

export function installerContext(deps: InstallerDeps): InstallerContext {
  return {
    deps,
    layout: storeLayout(deps.paths.store),
    state: deps.state ?? createFileInstallState(deps.paths.lockfile),
    paths: deps.paths,
    config: deps.config,
    env: deps.env,
    ...(deps.hostVersion !== undefined && { hostVersion: deps.hostVersion }),
    ...(deps.skills && { skills: deps.skills }),
    ...(deps.userHome && { userHome: deps.userHome }),
    swap: deps.swap,
    // The npmrc files of the environment the host was given: its HOME, else the user's home
    // the host was told about (never the home of whatever process runs it, when it knows).
    npmConfig: npmConfigLoader({
      env: { ...deps.env, HOME: deps.env.HOME ?? deps.userHome },
      cwd: deps.cwd,
    }),
    keepGenerations: () => deps.config().install?.keepGenerations ?? DEFAULT_KEEP_GENERATIONS,
  };
}
