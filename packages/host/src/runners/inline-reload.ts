// Reloading a changed skill module in the inline runner, for live reload (`dev`, `watch`).
// ESM cannot unload a module, so a reload imports the entry again under a new URL
// (`?openclaw-reload=N`) and a resolve hook carries the same query to the skill's own
// relative imports, so the whole graph is fresh rather than the entry alone. The old graph
// stays in memory for the life of the process (about the module's size per reload): reloads
// are bounded (DEFAULT_MAX_RELOADS per entry), after which the last loaded code keeps serving
// and the host says so. The worker runner reloads without this leak (a fresh worker).
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

export const DEFAULT_MAX_RELOADS = 100;
const QUERY = 'openclaw-reload';

// Runs in Node's loader thread: a child of a reloaded module gets its parent's generation,
// unless it is a dependency (node_modules: shared, never reloaded) or already has a query.
const HOOK = `
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  const parent = context.parentURL;
  if (!parent || !r.url.startsWith('file:') || r.url.includes('?') || r.url.includes('/node_modules/')) return r;
  const m = /[?&]${QUERY}=(\\d+)/.exec(parent);
  return m ? { ...r, url: r.url + '?${QUERY}=' + m[1] } : r;
}
`;

let hookRegistered = false;
function registerHook(): void {
  if (hookRegistered) return;
  hookRegistered = true;
  register(`data:text/javascript,${encodeURIComponent(HOOK)}`);
}

const CODE_FILE = /\.[cm]?js$/;
const MAX_CODE_FILES = 200;

/**
 * A stamp of a skill's code: the entry and the other JavaScript files in its folder (two
 * levels, node_modules left out, at most 200 files), so a rebuild that rewrote only a module
 * the entry imports is still a change. Also decides when carryOver makes a new generation.
 */
export function codeStamp(entry: string): string {
  const st = statSync(entry, { throwIfNoEntry: false });
  if (!st) return '-';
  let stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
  let seen = 0;
  const walk = (dir: string, depth: number) => {
    let names: Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of names) {
      if (seen >= MAX_CODE_FILES) return;
      if (e.isDirectory()) {
        if (depth > 0 && e.name !== 'node_modules' && !e.name.startsWith('.'))
          walk(join(dir, e.name), depth - 1);
      } else if (CODE_FILE.test(e.name)) {
        seen++;
        const file = join(dir, e.name);
        // The entry was stat'ed above: a scan stamps a hundred code skills at a start.
        const f = file === entry ? st : statSync(file, { throwIfNoEntry: false });
        if (f) stamp += `|${e.name}:${f.mtimeMs}:${f.size}`;
      }
    }
  };
  walk(dirname(entry), 1);
  return stamp;
}

interface Loaded {
  stamp: string;
  url: string;
  reloads: number;
}

export interface ReloadTracker {
  /** The URL to import for an entry: the same while the file is unchanged. */
  urlFor(entry: string): { url: string; limited: boolean; reloads: number };
}

export function createReloadTracker(maxReloads = DEFAULT_MAX_RELOADS): ReloadTracker {
  const loaded = new Map<string, Loaded>();
  let generation = 0;
  return {
    urlFor(entry) {
      const stamp = codeStamp(entry);
      const last = loaded.get(entry);
      if (!last) {
        const url = pathToFileURL(entry).href;
        loaded.set(entry, { stamp, url, reloads: 0 });
        return { url, limited: false, reloads: 0 };
      }
      if (last.stamp === stamp) return { url: last.url, limited: false, reloads: last.reloads };
      if (last.reloads >= maxReloads)
        return { url: last.url, limited: true, reloads: last.reloads };
      registerHook();
      const next: Loaded = {
        stamp,
        url: `${pathToFileURL(entry).href}?${QUERY}=${++generation}`,
        reloads: last.reloads + 1,
      };
      loaded.set(entry, next);
      return { url: next.url, limited: false, reloads: next.reloads };
    },
  };
}
