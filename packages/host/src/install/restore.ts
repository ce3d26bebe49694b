// Making the store follow the lockfile: `install --frozen` (exactly what it lists, on a clean
// home too), `sync` (what another host recorded) and `doctor --fix` (after a disagreement).
// Each puts the recorded bytes into the store (integrity checked) and swaps them in at once.
import { readdir, rm } from 'node:fs/promises';
import { SkillError } from '@openclaw/skill-sdk';
import { decodeFileName } from '../paths.js';
import { installDependencies, npmOf } from './dependencies.js';
import { withLocalDependencies } from './local-deps.js';
import type { SwapExpectation } from './change.js';
import type { InstallerContext } from './context.js';
import { prepare } from './prepare.js';
import { prepareSource } from './source-prepare.js';
import { reconcileInstalls, type InstallFix } from './reconcile.js';
import { resolveRegistry } from './registry.js';
import { placeVersion, pointTo, pruneVersions, readVersionEntry, removeIfEmpty } from './store.js';
import { syncStore } from './sync.js';
import type { InstallOptions, InstallResult, LockEntry } from './types.js';

export interface RestoreContext {
  ctx: InstallerContext;
  /** Puts exactly `entry` into the store (unless it is there) and returns its folder. */
  ensureVersion(entry: LockEntry, opts: InstallOptions): Promise<string>;
}

export function restoreContext(ctx: InstallerContext): RestoreContext {
  return {
    ctx,
    ensureVersion: async (entry, opts) =>
      ensureVersion(ctx, entry, { opts, registry: (await registryFor(ctx, [entry], opts))(entry) }),
  };
}

/** The registry per entry: the one it came from, else `--registry`, the config, npm's. */
async function registryFor(
  ctx: InstallerContext,
  entries: readonly LockEntry[],
  opts: InstallOptions,
): Promise<(entry: LockEntry) => string> {
  const fallback = entries.some((e) => !e.registry)
    ? await resolveRegistry(opts.registry, ctx.config().install?.registry, ctx.npmConfig)
    : undefined;
  return (entry) => opts.registry ?? entry.registry ?? fallback!;
}

/**
 * Puts exactly `entry` into the store as `<name>/<version>` unless it is there already with
 * the same integrity: the registry's tarball for registry installs, the recorded file
 * otherwise, checked against the entry's integrity.
 */
async function ensureVersion(
  ctx: InstallerContext,
  entry: LockEntry,
  o: { opts: InstallOptions; registry: string },
): Promise<string> {
  const { layout } = ctx;
  const dir = layout.versionDir(entry.name, entry.version);
  const have = await readVersionEntry(layout, entry.name, entry.version);
  if (have?.integrity === entry.integrity) return dir;
  const spec = entry.registry ? `${entry.package}@${entry.version}` : entry.resolved;
  const { staged, summary } =
    (await prepareSource(ctx, { spec, cwd: ctx.deps.cwd, frozen: entry }, o.opts)) ??
    (await prepare(ctx, { spec, registry: o.registry, frozen: entry }, o.opts));
  try {
    if (summary.name !== entry.name || summary.version !== entry.version) {
      throw new SkillError(
        'INSTALL_FAILED',
        `${ctx.state.where}: ${spec} holds ${summary.name}@${summary.version}, not ${entry.name}@${entry.version}.`,
        {
          file: ctx.state.where,
          hint: 'Fix the entry, or install the skill again without --frozen.',
        },
      );
    }
    if (Object.keys(summary.dependencies).length > 0) {
      o.opts.onProgress?.({ step: 'dependencies', detail: entry.name });
      await installDependencies(staged, {
        registry: o.registry,
        cache: ctx.paths.npmCache,
        ...npmOf(await ctx.npmConfig()),
        env: ctx.env,
        storeRoot: ctx.layout.root,
        dependencies: summary.dependencies,
        ...(summary.localDependencies && { local: summary.localDependencies }),
      });
    }
    o.opts.onProgress?.({ step: 'store', detail: dir });
    const placed = withLocalDependencies(entry, summary.localDependencies);
    await placeVersion(layout, {
      name: entry.name,
      version: entry.version,
      staged,
      entry: placed,
    });
  } finally {
    await rm(staged, { recursive: true, force: true }).catch(() => undefined);
  }
  return dir;
}

export async function frozenAll(r: RestoreContext, opts: InstallOptions): Promise<InstallResult[]> {
  const { ctx } = r;
  const entries = Object.values((await ctx.state.read()).skills);
  const expect: SwapExpectation[] = [];
  const results: Omit<InstallResult, 'snapshot' | 'tools'>[] = [];
  for (const entry of entries) {
    if (opts.signal?.aborted) break;
    const dir = await r.ensureVersion(entry, opts);
    await pointTo(ctx.layout, entry.name, 'current', entry.version);
    expect.push({ name: entry.name, dir });
    results.push({ action: 'installed', name: entry.name, version: entry.version, dir });
  }
  if (opts.signal?.aborted) {
    throw new SkillError('ABORTED', 'The install was cancelled; nothing was changed.');
  }
  opts.onProgress?.({ step: 'load', detail: `${expect.length} skill(s)` });
  const { snapshot, records } = await ctx.swap(expect);
  return results.map((res) => ({
    ...res,
    tools: records.get(res.name)?.tools.map((t) => t.name) ?? [],
    snapshot: snapshot.version,
  }));
}

export function syncHere(
  r: RestoreContext,
  opts: Pick<InstallOptions, 'onProgress' | 'registry'>,
): Promise<InstallResult[]> {
  const { ctx } = r;
  return syncStore(
    { layout: ctx.layout, state: ctx.state, swap: ctx.swap, ensureVersion: r.ensureVersion },
    opts,
  );
}

/**
 * `doctor --fix`: settles interrupted changes, makes the store serve what the lockfile lists
 * (the lockfile is the record), prunes old generations and removes empty skill folders.
 */
export async function repairInstalls(r: RestoreContext): Promise<InstallFix[]> {
  const { ctx } = r;
  const fixes = await reconcileInstalls(ctx);
  for (const res of await syncHere(r, {})) {
    fixes.push({
      name: res.name,
      action: res.action === 'removed' ? 'removed' : 'finished',
      message:
        res.action === 'removed'
          ? `removed ${res.name}@${res.version} from the store: the lockfile does not list it`
          : `the store now serves ${res.name}@${res.version}, as the lockfile lists`,
    });
  }
  for (const name of await storeNames(ctx)) {
    for (const v of await pruneVersions(ctx.layout, name, ctx.keepGenerations())) {
      fixes.push({ name, action: 'removed', message: `pruned ${name}@${v}, an old generation` });
    }
    const before = await readdir(ctx.layout.skillDir(name)).catch(() => ['?']);
    await removeIfEmpty(ctx.layout, name);
    if (before.length === 0) {
      fixes.push({
        name,
        action: 'removed',
        message: `removed the empty folder ${ctx.layout.skillDir(name)}`,
      });
    }
  }
  return fixes;
}

async function storeNames(ctx: InstallerContext): Promise<string[]> {
  const names = await readdir(ctx.layout.root).catch(() => [] as string[]);
  return names
    .filter((n) => !n.startsWith('.'))
    .map((n) => decodeFileName(n))
    .filter((n): n is string => n !== undefined);
}
