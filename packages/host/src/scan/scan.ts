// The scan: every source's skill folders read concurrently (bounded), PATH listed once,
// then records built, shadowed and checked for name collisions. No skill code runs.
import {
  HOST_API_VERSION,
  readSkillFolder,
  type Problem,
  type SkillFolder,
} from '@openclaw/skill-sdk';
import type { SkillRecord, SkillSource } from '../catalog/types.js';
import { skillSettings } from '../config/load.js';
import type { HostConfig } from '../config/schema.js';
import { candidateFolders, isSkillFolder } from '../sources/folders.js';
import { findBins } from './bins.js';
import { mapLimit } from './limit.js';
import { mapSliced, slicer } from './yield.js';
import { withManagedBy, type LockCache } from './managed-by.js';
import { withoutStoreLinks } from './store-links.js';
import { buildRecord, unreadableRecord } from './record.js';
import { applyCollisions, applyShadowing, freezeRecord } from './resolve.js';

export interface ScanOptions {
  sources: readonly SkillSource[];
  config: HostConfig;
  /** The host config file, named in config problems. */
  configFile: string;
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  hostVersion?: string;
  /** Records that are not read from folders (the built-in `skills` skill); checked for collisions. */
  extraRecords?: readonly SkillRecord[];
  /** Folders read at once (default 64). */
  concurrency?: number;
  /** Reads one folder (default readSkillFolder; the host passes its folder cache). */
  readFolder?: (dir: string) => Promise<SkillFolder>;
  /**
   * Milliseconds of synchronous work between the turns the scan gives the event loop
   * (default SLICE_MS, for a rescan beside calls). A new host's first scan, which no call
   * can be waiting on, passes Infinity: its ~100 turns cost a cold scan of 1,000 skills
   * about 5-10 ms.
   */
  sliceMs?: number;
}

export interface ScanResult {
  records: SkillRecord[];
  /** Catalog-level problems (wire-name collisions). */
  problems: Problem[];
}

const requiredBins = (folder: SkillFolder): string[] => {
  const req = folder.doc?.openclaw?.requires as { bins?: unknown; anyBins?: unknown } | undefined;
  if (!req) return [];
  const list = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  return [...list(req.bins), ...list(req.anyBins)];
};

export async function scanSkills(opts: ScanOptions): Promise<ScanResult> {
  const perSource = await Promise.all(opts.sources.map((s) => candidateFolders(s)));
  const candidates = withoutStoreLinks(
    opts.sources.flatMap((source, i) => perSource[i]!.map((dir) => ({ source, dir }))),
  );
  const readFolder =
    opts.readFolder ?? ((dir: string) => readSkillFolder(dir, { mode: 'lenient' }));
  // Sliced (scan/yield.ts): a rescan in a running host shares the event loop with calls.
  const s = slicer(opts.sliceMs);
  const read = await mapLimit(
    candidates,
    opts.concurrency ?? 64,
    ({ dir }) =>
      readFolder(dir).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
    s,
  );
  // Children without SKILL.md or manifest.json (a stray folder) are not skills: skipped.
  const keep = read.map((f) => f instanceof Error || isSkillFolder(f));
  const found = candidates.filter((_, i) => keep[i]);
  const folders = read.filter((_, i) => keep[i]);
  const bins = await findBins(
    folders.flatMap((f) => (f instanceof Error ? [] : requiredBins(f))),
    opts.env,
    opts.platform,
  );
  const env = {
    settings: (name: string) => skillSettings(opts.config, name),
    configFile: opts.configFile,
    hostConfig: opts.config,
    env: opts.env,
    platform: opts.platform ?? process.platform,
    bins,
    hostVersion: opts.hostVersion ?? HOST_API_VERSION,
  };
  const locks: LockCache = new Map();
  const records = await mapSliced(
    folders,
    (f, i) => {
      const { source, dir } = found[i]!;
      return f instanceof Error
        ? unreadableRecord(dir, source, f)
        : withManagedBy(buildRecord(f, source, env), locks);
    },
    s,
  );
  if (s.due()) await s.pause();
  const shadowed = applyShadowing([...(opts.extraRecords ?? []), ...records]);
  if (s.due()) await s.pause();
  const { records: checked, problems } = applyCollisions(shadowed);
  return { records: await mapSliced(checked, freezeRecord, s), problems };
}
