// Live reload for skill authors: watches skill source roots and tells the host which paths
// changed, debounced. Rules:
//   - one chokidar watcher per root, depth-bounded (a root's skills are one level down, their
//     built entry at most two more: `<root>/<skill>/dist/index.js`);
//   - node_modules, VCS folders, source maps, declarations and build output are ignored,
//     except the folder of each skill's built entry: rebuilt code is a reload;
//   - a 250 ms debounce, so an editor's save or a build's burst of writes is one rescan;
//   - a cap on watched folders (inotify handles are a shared, limited resource): a root that
//     would go over it, or whose watcher fails (EMFILE, ENOSPC), is rescanned on an interval
//     instead, and the host is told once why.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { messageOf } from '@openclaw/skill-sdk/internal';

export const WATCH_DEBOUNCE_MS = 250;
export const DEFAULT_MAX_WATCHED_DIRS = 4096;
export const DEFAULT_FALLBACK_INTERVAL_MS = 5_000;
/**
 * Levels of subfolders a source root's watcher descends: root > skill folder > dist/ >
 * dist/index.js (chokidar's depth counts the subfolders below the root). A single skill
 * folder is watched one level less deep.
 */
export const WATCH_DEPTH = 2;

const IGNORED = new Set(['node_modules', '.git', '.hg', '.svn', 'coverage', '.turbo', '.cache']);
const BUILD_OUTPUT = new Set(['dist', 'build', 'out']);

/** A timer the debounce uses; tests pass one they drive by hand. */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realClock: Clock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

export interface WatchRootsOptions {
  /** Source roots: their children are skill folders. */
  roots: readonly string[];
  /** Single skill folders (`dev <dir>`). */
  skillDirs?: readonly string[];
  /** Single files that also count (the host config, the lockfile). */
  files?: readonly string[];
  /** Debounced: every path that changed since the last call. */
  onChange(paths: string[]): void;
  /** A root is rescanned on an interval instead of watched; said once per root. */
  onDegraded?(root: string, reason: string): void;
  /** The skills' built entry modules (watched even inside dist/), asked on each event. */
  entries?(): EntryFiles;
  debounceMs?: number;
  maxWatchedDirs?: number;
  fallbackIntervalMs?: number;
  clock?: Clock;
}

export interface RootsWatcher {
  /** Roots watched with file events (the others are polled by rescans). */
  readonly watched: readonly string[];
  readonly degraded: readonly string[];
  close(): Promise<void>;
}

/**
 * Where the skills' built code lives: the folder of each entry module (its code files are
 * watched even inside dist/) and the folders that lead to one.
 */
export interface EntryFiles {
  /** True for a file or folder inside an entry's folder. */
  has(path: string): boolean;
  leadsTo(dir: string): boolean;
}

export function entryFiles(entries: Iterable<string>): EntryFiles {
  const codeDirs = new Set<string>();
  const leading = new Set<string>();
  for (const e of entries) {
    const dir = dirname(e);
    codeDirs.add(dir);
    for (let d = dir; !leading.has(d) && d !== dirname(d); d = dirname(d)) leading.add(d);
  }
  return {
    has(path) {
      for (let d = dirname(path); d !== dirname(d); d = dirname(d))
        if (codeDirs.has(d)) return true;
      return false;
    },
    leadsTo: (d) => leading.has(d),
  };
}

const NO_ENTRIES = entryFiles([]);

/**
 * Whether a path under a root is ignored. `skillLevel` is how many path parts below the root
 * a skill's own files start (1 for a source root, 0 for a single skill folder), so a skill
 * that happens to be named `dist` is still watched.
 */
export function isIgnored(
  root: string,
  path: string,
  skillLevel: number,
  entries: EntryFiles = NO_ENTRIES,
): boolean {
  const name = basename(path);
  if (IGNORED.has(name) || /\.(tsbuildinfo|map)$|\.d\.[cm]?ts$/.test(name)) return true;
  const parts = relative(root, path).split(sep).slice(skillLevel);
  if (!parts.some((p) => BUILD_OUTPUT.has(p))) return false;
  // Inside build output only an entry's folder, and the folders leading to one, count.
  return !entries.has(path) && !entries.leadsTo(path);
}

/** Folders a watcher on `root` would hold, counted up to `limit` (so a huge tree stops early). */
export async function countDirs(root: string, depth: number, limit: number): Promise<number> {
  let count = 0;
  let level = [root];
  for (let d = 0; d <= depth && level.length > 0 && count <= limit; d++) {
    const next: string[] = [];
    for (const dir of level) {
      count++;
      if (count > limit) break;
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (e.isDirectory() && !IGNORED.has(e.name)) next.push(join(dir, e.name));
      }
    }
    level = next;
  }
  return count;
}

export async function watchRoots(opts: WatchRootsOptions): Promise<RootsWatcher> {
  const { watch } = await import('chokidar');
  const clock = opts.clock ?? realClock;
  const debounceMs = opts.debounceMs ?? WATCH_DEBOUNCE_MS;
  const limit = opts.maxWatchedDirs ?? DEFAULT_MAX_WATCHED_DIRS;
  const entries = opts.entries ?? (() => NO_ENTRIES);
  const pending = new Set<string>();
  let timer: unknown;
  let closed = false;
  const fire = (path: string) => {
    if (closed) return;
    pending.add(path);
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      const paths = [...pending].sort();
      pending.clear();
      opts.onChange(paths);
    }, debounceMs);
  };

  const watchers = new Map<string, FSWatcher>();
  const degraded = new Map<string, unknown>();
  const degrade = (root: string, reason: string) => {
    if (closed || degraded.has(root)) return;
    const w = watchers.get(root);
    watchers.delete(root);
    void w?.close();
    degraded.set(
      root,
      clock.setInterval(() => fire(root), opts.fallbackIntervalMs ?? DEFAULT_FALLBACK_INTERVAL_MS),
    );
    opts.onDegraded?.(root, reason);
    fire(root);
  };

  let used = 0;
  const all = [
    ...opts.roots.map((dir) => ({ dir, level: 1 })),
    ...(opts.skillDirs ?? []).map((dir) => ({ dir, level: 0 })),
  ];
  // A root that does not exist is watched through its parent (when that exists), so creating
  // `skills/` is noticed; chokidar itself never becomes ready on a path two levels missing.
  const missing = all.filter(({ dir }) => !existsSync(dir)).map(({ dir }) => dir);
  for (const { dir: root, level } of all.filter(({ dir }) => existsSync(dir))) {
    const depth = WATCH_DEPTH - 1 + level;
    const dirs = await countDirs(root, depth, limit - used);
    if (used + dirs > limit) {
      degrade(root, `it holds more than the ${limit} folders a watcher may use`);
      continue;
    }
    used += dirs;
    const w = watch(root, {
      ignoreInitial: true,
      depth,
      ignored: (p: string) => p !== root && isIgnored(root, p, level, entries()),
      // Editors save through a temp file and a rename; chokidar folds that into one change.
      atomic: true,
    });
    w.on('all', (_event, path) => fire(path));
    w.on('error', (e: unknown) => degrade(root, `watching failed: ${messageOf(e)}`));
    watchers.set(root, w);
  }
  const files = [...(opts.files ?? []), ...missing].filter((f) => existsSync(dirname(f)));
  if (files.length > 0) {
    // Single files are watched through their folder (they may not exist yet), at depth 0.
    const wanted = new Set(files);
    const parents = [...new Set(files.map((f) => dirname(f)))];
    const w = watch(parents, { ignoreInitial: true, depth: 0 });
    w.on('all', (_event, path) => {
      if (wanted.has(path)) fire(path);
    });
    w.on('error', () => undefined);
    watchers.set('\0files', w);
  }
  await Promise.all(
    [...watchers.values()].map(
      (w) => new Promise<void>((resolve) => w.once('ready', () => resolve())),
    ),
  );
  return {
    watched: [...watchers.keys()].filter((k) => k !== '\0files'),
    degraded: [...degraded.keys()],
    async close() {
      closed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      for (const h of degraded.values()) clock.clearInterval(h);
      await Promise.all([...watchers.values()].map((w) => w.close()));
    },
  };
}
