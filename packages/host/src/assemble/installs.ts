// Installs as the host wires them: the installer (pacote, npm pack, the lockfile) loads on
// first use, runs each operation in the host's queue, and swaps in a new generation: scan,
// load the changed skills beside the serving ones, then publish, while the previous
// generation drains in the activator. With a shared store the host also follows the shared
// lockfile: every change any host records, and every reconnect of the feed, reconciles this
// host's store with it; a failed run is retried with backoff (install/follow.ts).
import type { OutdatedEntry } from '../install/outdated.js';
import type { Logger } from '@openclaw/skill-sdk';
import type { Catalog } from '../catalog/catalog.js';
import type { Emitter, HostEvents } from '../events.js';
import { createFollower, type Follower, type FollowRetry } from '../install/follow.js';
import { loadGeneration } from '../install/generations.js';
import type { InstallCheck, Installer, SwapExpectation } from '../install/installer.js';
import { settleRemovedStorage } from '../install/removed-storage.js';
import { DEFAULT_KEEP_GENERATIONS, settleOnStart } from '../install/start.js';
import type { InstallFeed, InstallState } from '../install/state.js';
import type {
  InstallOptions,
  InstallResult,
  RemoveOptions,
  RollbackOptions,
} from '../install/types.js';
import type { Activator } from '../runners/activations.js';
import type { ExclusiveQueue } from './queue.js';
import type { SkillScanner } from './scanner.js';
import type { HostSettings, LiveConfig } from './settings.js';

export interface HostInstallsDeps {
  settings: HostSettings;
  config: LiveConfig;
  state: InstallState;
  queue: ExclusiveQueue;
  scanner: SkillScanner;
  activator: Activator;
  catalog: Catalog;
  events: Emitter<HostEvents>;
  logger: Logger;
  followRetry?: FollowRetry;
}

export class HostInstalls {
  readonly #deps: HostInstallsDeps;
  readonly #follower: Follower;
  #installer: Promise<Installer> | undefined;
  #feed: InstallFeed | undefined;

  constructor(deps: HostInstallsDeps) {
    this.#deps = deps;
    const { logger, state, events } = deps;
    this.#follower = createFollower({
      sync: async () => (await this.#load()).sync(),
      onResults: (results) => {
        for (const r of results) events.emit('install', r);
      },
      warn: (obj, line) => logger.warn(obj, line),
      info: (obj, line) => logger.info(obj, line),
      ...(state.reportFollow && { report: state.reportFollow }),
      ...(deps.followRetry && { retry: deps.followRetry }),
    });
  }

  install(spec: string, opts?: InstallOptions): Promise<InstallResult> {
    return this.#announce((i) => i.install(spec, opts));
  }

  installFrozen(opts?: InstallOptions): Promise<InstallResult[]> {
    return this.#announce((i) => i.installFrozen(opts));
  }

  update(name?: string, opts?: InstallOptions): Promise<InstallResult[]> {
    return this.#announce((i) => i.update(name, opts));
  }

  async remove(name: string, opts: RemoveOptions = {}): Promise<InstallResult> {
    const result = await this.#announce((i) => i.remove(name, opts));
    return settleRemovedStorage(result, {
      dir: this.#deps.settings.paths.storage(name),
      purge: opts.purge === true,
    });
  }

  rollback(name: string, opts?: RollbackOptions): Promise<InstallResult> {
    return this.#announce((i) => i.rollback(name, opts));
  }

  async check(opts?: { fix?: boolean }): Promise<InstallCheck> {
    return (await this.#load()).check(opts);
  }

  async outdated(): Promise<OutdatedEntry[]> {
    return (await this.#load()).outdated();
  }

  /**
   * Subscribes to the shared lockfile's feed (a state that has one) and catches up with what
   * was installed while this host was down.
   */
  async follow(): Promise<void> {
    const { state } = this.#deps;
    if (!state.subscribe) return;
    this.#feed = await state.subscribe(() => void this.#follower.kick());
    await this.#follower.kick();
  }

  /** Stops following; the queue's close waits for an operation in progress. */
  async close(): Promise<void> {
    await this.#feed?.close();
    await this.#follower.close();
  }

  async #announce<R extends InstallResult | InstallResult[]>(
    op: (i: Installer) => Promise<R>,
  ): Promise<R> {
    const result = await op(await this.#load());
    for (const r of Array.isArray(result) ? result : [result]) {
      if (r.action !== 'unchanged') this.#deps.events.emit('install', r);
    }
    return result;
  }

  #load(): Promise<Installer> {
    return (this.#installer ??= import('../install/installer.js').then(({ createInstaller }) => {
      const { settings, config, state, queue, catalog } = this.#deps;
      return createInstaller({
        paths: settings.paths,
        config: () => config.current,
        env: settings.env,
        cwd: settings.workspace,
        // Each operation notes the shared lockfile it starts from, so a change another host
        // records meanwhile is seen, not overwritten.
        exclusive: (fn) =>
          queue.run(async () => {
            await state.begin?.();
            return fn();
          }),
        swap: (expect) => this.#swap(expect),
        state,
        skills: () => catalog.current().skills,
        userHome: settings.userHome,
      });
    }));
  }

  async #swap(expect: readonly SwapExpectation[]) {
    const { scanner, activator, catalog, events } = this.#deps;
    const read = await scanner.read();
    const loaded = await loadGeneration(read.records, expect, (r) => activator.activate(r));
    if (!loaded.ok) {
      // Drop whatever was preloaded; the serving snapshot is untouched.
      activator.retain(catalog.current().skills);
      throw loaded.error;
    }
    const snapshot = scanner.publish(read);
    events.emit('change', snapshot);
    return { snapshot, records: loaded.records };
  }
}

/**
 * A change a killed process left in the store is finished or undone before the first scan;
 * a failure here is a warning (`doctor` says what disagrees), not a failed start.
 */
export async function settleInterrupted(deps: {
  settings: HostSettings;
  config: LiveConfig;
  state: InstallState;
  logger: Logger;
}): Promise<void> {
  await settleOnStart({
    store: deps.settings.paths.store,
    state: deps.state,
    keepGenerations: deps.config.current.install?.keepGenerations ?? DEFAULT_KEEP_GENERATIONS,
  }).catch((e: unknown) =>
    deps.logger.warn(
      { err: e },
      'Could not settle an interrupted install; `openclaw-skill doctor` says what disagrees.',
    ),
  );
}
