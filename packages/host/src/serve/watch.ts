// Rescans when skill folders or the host config change, so a running serve follows a skill
// dropped into a source folder or an edited config.json without a restart. One chokidar
// watcher over the source roots (depth-bounded: a skill's own files are one level down), a
// 250 ms debounce, node_modules and build output ignored; a watcher error rescans once.
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Logger } from '@openclaw/skill-sdk';
import type { FSWatcher } from 'chokidar';

export const WATCH_DEBOUNCE_MS = 250;
const IGNORED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.turbo']);

export interface Watcher {
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Source roots whose child folders are skills. */
  roots: readonly string[];
  /** Single files whose change also counts (config.json). */
  files: readonly string[];
  onChange(): void;
  logger: Logger;
  debounceMs?: number;
}

export async function watchSources(opts: WatchOptions): Promise<Watcher> {
  const { watch } = await import('chokidar');
  // A folder that does not exist yet is watched through its parent (at depth 0), so creating
  // `skills/` in the workspace is noticed too.
  const roots = opts.roots.filter((r) => existsSync(r));
  const missing = opts.roots.filter((r) => !existsSync(r) && existsSync(dirname(r)));
  const wanted = new Set([...opts.files, ...missing]);
  const parents = [...new Set([...opts.files, ...missing].map((f) => dirname(f)))];

  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    clearTimeout(timer);
    timer = setTimeout(opts.onChange, opts.debounceMs ?? WATCH_DEBOUNCE_MS);
  };
  const ignored = (path: string) => IGNORED_DIRS.has(basename(path));

  const watchers: FSWatcher[] = [];
  if (roots.length > 0) {
    const w = watch(roots, { ignoreInitial: true, depth: 1, ignored });
    w.on('all', fire);
    watchers.push(w);
  }
  if (parents.length > 0) {
    // The parents hold other files (the home holds the audit log): only the wanted count.
    const w = watch(parents, { ignoreInitial: true, depth: 0 });
    w.on('all', (_event, path) => {
      if (wanted.has(path)) fire();
    });
    watchers.push(w);
  }
  for (const w of watchers) {
    w.on('error', (e: unknown) => {
      opts.logger.warn({ err: e }, 'Watching skill folders failed; rescanning once.');
      fire();
    });
  }
  await Promise.all(
    watchers.map((w) => new Promise<void>((resolve) => w.once('ready', () => resolve()))),
  );
  return {
    async close() {
      clearTimeout(timer);
      await Promise.all(watchers.map((w) => w.close()));
    },
  };
}
