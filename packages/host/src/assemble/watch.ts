// Live reload: watches the skill sources (not the store, which changes through install), the
// host config and the lockfile, and rescans on a change. The watcher module loads on the
// first watch() only.
import type { Logger } from '@openclaw/skill-sdk';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogSnapshot, SkillSource } from '../catalog/types.js';
import type { Emitter, HostEvents } from '../events.js';
import type { HostPaths } from '../paths.js';
import type { WatchRootsOptions } from '../watch/watcher.js';

export type HostWatchOptions = Pick<
  WatchRootsOptions,
  'debounceMs' | 'maxWatchedDirs' | 'fallbackIntervalMs' | 'clock' | 'onDegraded'
>;

export interface WatchHandle {
  close(): Promise<void>;
}

export interface HostWatchersDeps {
  paths: HostPaths;
  catalog: Catalog;
  sources(): SkillSource[];
  rescan(): Promise<CatalogSnapshot>;
  events: Emitter<HostEvents>;
  logger: Logger;
}

/** Names of skills whose record in `after` was not in `before` (reloaded on their next call). */
export function reloadedSkills(before: ReadonlySet<unknown>, after: CatalogSnapshot): string[] {
  return [...new Set(after.skills.filter((r) => !before.has(r)).map((r) => r.name))].sort();
}

export class HostWatchers {
  readonly #deps: HostWatchersDeps;
  readonly #open = new Set<WatchHandle>();

  constructor(deps: HostWatchersDeps) {
    this.#deps = deps;
  }

  async watch(opts: HostWatchOptions = {}): Promise<WatchHandle> {
    const { paths, catalog, logger } = this.#deps;
    const sources = this.#deps.sources().filter((src) => src.kind !== 'store');
    const { entryFiles, watchRoots } = await import('../watch/watcher.js');
    const handle = await watchRoots({
      roots: sources.filter((src) => src.kind !== 'package').map((src) => src.dir),
      skillDirs: sources.filter((src) => src.kind === 'package').map((src) => src.dir),
      files: [paths.config, paths.lockfile],
      entries: () =>
        catalog
          .current()
          .memo('watch:entries', () =>
            entryFiles(catalog.current().skills.flatMap((r) => (r.entry ? [r.entry] : []))),
          ),
      onChange: (changed) => this.#changed(changed),
      onDegraded: (root, reason) => {
        logger.warn({ root }, `Not watching ${root} (${reason}); rescanning it on an interval.`);
        opts.onDegraded?.(root, reason);
      },
      ...(opts.debounceMs !== undefined && { debounceMs: opts.debounceMs }),
      ...(opts.maxWatchedDirs !== undefined && { maxWatchedDirs: opts.maxWatchedDirs }),
      ...(opts.fallbackIntervalMs !== undefined && { fallbackIntervalMs: opts.fallbackIntervalMs }),
      ...(opts.clock && { clock: opts.clock }),
    });
    const w: WatchHandle = {
      close: async () => {
        this.#open.delete(w);
        await handle.close();
      },
    };
    this.#open.add(w);
    return w;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#open].map((w) => w.close()));
  }

  #changed(paths: string[]): void {
    const { catalog, rescan, events, logger } = this.#deps;
    const before = new Set(catalog.current().skills);
    rescan().then(
      (snapshot) =>
        events.emit('reload', { paths, reloaded: reloadedSkills(before, snapshot), snapshot }),
      (e: unknown) => logger.warn({ err: e }, 'A rescan after a file change failed.'),
    );
  }
}
