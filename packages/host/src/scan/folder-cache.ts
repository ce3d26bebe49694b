// Remembers what readSkillFolder answered for each folder, keyed by the stat stamps of the
// folder's three files, in <home>/cache/scan.json. A fresh process (an agent restart, each
// CLI command) then skips parsing YAML and JSON for unchanged skills, and never loads the
// parsers at all when nothing changed: for 1,000 skills that is most of a cold scan.
// Correctness first: any change of mtime, size or inode of SKILL.md, manifest.json or
// package.json re-reads the folder; an unreadable or foreign cache file is ignored. It also
// keeps whether this host's API version satisfies each manifest's `host` range: the first
// semver range parse in a process costs more than the rest of a cached 100-skill start.
import { readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { readSkillFolder, type SkillFolder } from '@openclaw/skill-sdk';
import writeFileAtomic from 'write-file-atomic';
import { hostRangeAnswers, rememberHostRangeAnswers } from './eligibility.js';

/** Bump when SkillFolder's shape or the reader's answers change. */
const FORMAT = 2;
const FILES = ['SKILL.md', 'manifest.json', 'package.json'] as const;

interface Entry {
  stamp: string;
  folder: SkillFolder;
}

interface CacheFile {
  format: number;
  reader: string;
  entries: Record<string, Entry>;
  /** Whether the host API version satisfies each manifest's `host` range (eligibility.ts). */
  hostRanges?: Record<string, boolean | null>;
}

export interface FolderCache {
  read(dir: string): Promise<SkillFolder>;
  /** Writes the cache when anything changed; entries not read in this scan are dropped. */
  save(): Promise<void>;
  readonly hits: number;
  readonly misses: number;
  /** What this scan read, for the next scan in the same process (see openFolderCache). */
  entries(): Record<string, Entry>;
}

/** Set by the CLI's bundle build: the SDK it bundles, by version and a hash of its sources. */
declare const __SKILL_READER__: string | undefined;

/**
 * Who wrote a cache: the SDK's version and the time its code was built or installed, so a
 * rebuilt or upgraded reader never trusts answers of the old one. The bundled CLI carries
 * its own reader, named at build time (no package lookup at each start).
 */
export function readerIdentity(): string {
  if (typeof __SKILL_READER__ === 'string') return __SKILL_READER__;
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@openclaw/skill-sdk');
  const { version } = require('@openclaw/skill-sdk/package.json') as { version: string };
  return readerIdentityOf(entry, version);
}

/** The identity of the SDK whose entry module is `entry` (exported for its test). */
export function readerIdentityOf(entry: string, version: string): string {
  // The parsers are bundled beside the entry at build time: a rebuilt bundle (a parser
  // upgrade) changes no SDK source and so not the entry's time.
  const bundled = PARSER_BUNDLES.map(
    (name) => statSync(join(dirname(entry), 'bundled', name), { throwIfNoEntry: false })?.mtimeMs,
  );
  return `${version}:${statSync(entry).mtimeMs}:${bundled.join(':')}`;
}

const PARSER_BUNDLES = ['parsers.cjs', 'yaml.cjs', 'json5.cjs'];

export function stampOf(dir: string): string {
  let stamp = '';
  // stat() takes the path as it is: no join() (and its normalisation) per file.
  const base = dir.endsWith(sep) ? dir : dir + sep;
  for (const name of FILES) {
    const st = statSync(base + name, { throwIfNoEntry: false });
    stamp += st ? `${st.mtimeMs}:${st.size}:${st.ino};` : '-;';
  }
  return stamp;
}

/**
 * `reader` names the reader's version; a cache written by another one is ignored. A running
 * host passes the previous scan's cache: its entries are reused from memory instead of
 * parsing the file again (a synchronous JSON.parse of about a megabyte per 1,000 skills).
 */
export function openFolderCache(file: string, reader: string, previous?: FolderCache): FolderCache {
  const old = previous?.entries() ?? load(file, reader);
  // Answers only accumulate: more than at the start means new ones to write.
  const rangesAtOpen = Object.keys(hostRangeAnswers()).length;
  const next: Record<string, Entry> = {};
  let hits = 0;
  let misses = 0;
  let changed = false;

  return {
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    async read(dir) {
      const stamp = stampOf(dir);
      const cached = old[dir];
      if (cached && cached.stamp === stamp) {
        hits++;
        next[dir] = cached;
        return cached.folder;
      }
      misses++;
      changed = true;
      const folder = await readSkillFolder(dir, { mode: 'lenient' });
      if (jsonSafe(folder)) next[dir] = { stamp, folder };
      return folder;
    },
    entries: () => next,
    async save() {
      const hostRanges = hostRangeAnswers();
      if (
        !changed &&
        Object.keys(next).length === Object.keys(old).length &&
        Object.keys(hostRanges).length === rangesAtOpen
      )
        return;
      const body: CacheFile = { format: FORMAT, reader, entries: next, hostRanges };
      await mkdir(dirname(file), { recursive: true });
      await writeFileAtomic(file, JSON.stringify(body), { mode: 0o600 });
    },
  };
}

function load(file: string, reader: string): Record<string, Entry> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile>;
    if (data.format !== FORMAT || data.reader !== reader || typeof data.entries !== 'object')
      return {};
    rememberHostRangeAnswers(data.hostRanges);
    return data.entries ?? {};
  } catch {
    return {};
  }
}

/** Values the JSON check looks at before it gives up (and reads the folder fresh each time). */
const MAX_JSON_CHECK_VALUES = 100_000;

/**
 * Frontmatter can hold YAML values JSON cannot keep (.inf, .nan); such a folder is read
 * fresh each time rather than come back from the cache different. Each object is visited
 * once (YAML aliases share them) and the walk is bounded, whatever the reader returned.
 */
function jsonSafe(folder: SkillFolder): boolean {
  const todo: unknown[] = [folder.doc?.frontmatter, folder.doc?.metadata];
  const seen = new Set<object>();
  for (let budget = MAX_JSON_CHECK_VALUES; todo.length > 0; budget--) {
    if (budget === 0) return false;
    const v = todo.pop();
    if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol') return false;
    if (typeof v === 'number' && !Number.isFinite(v)) return false;
    if (v && typeof v === 'object') {
      if (seen.has(v)) continue;
      seen.add(v);
      if (!Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return false;
      for (const child of Object.values(v)) todo.push(child);
    }
  }
  return true;
}
