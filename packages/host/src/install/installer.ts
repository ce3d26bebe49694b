// The installer: install, update, remove, rollback, install --frozen and sync as operations
// over plain data. An install is: resolve > prepare (fetch, inspect, checks, policy) > consent
// > dependencies > one journaled change (store > load > lockfile > prune, change.ts). The
// lockfile is read and written only through InstallState (files or the shared store); `sync`
// makes this host's store follow it (another host installed something).
// The host gives it two things: `exclusive` (one change at a time, in order with rescans) and
// `swap` (scan the store, load the changed skills beside the serving generation, publish).
// Every operation first settles what a killed process left (reconcile.ts); a failure before
// the lockfile write changes nothing, and a kill at any step ends on one side after reconcile.
import { rm } from 'node:fs/promises';
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { applyChange, type Swapped } from './change.js';
import { installerContext, type InstallerContext, type InstallerDeps } from './context.js';
import { installDependencies, npmOf } from './dependencies.js';
import { collectShared } from './shared-gc.js';
import { slimStoredPackage } from './slim-package.js';
import { withLocalDependencies } from './local-deps.js';
import { normalizeSpec } from './fetch.js';
import { outdated, type OutdatedEntry } from './outdated.js';
import type { StoreSide } from './journal.js';
import { checkAbort, prepare, type Prepared } from './prepare.js';
import { prepareSource, sourceFields } from './source-prepare.js';
import {
  checkInstalls,
  reconcileInstalls,
  type InstallFinding,
  type InstallFix,
} from './reconcile.js';
import { leavingRangeWarning, keptRange, rangeAfter, updateSpec } from './range.js';
import { resolveRegistry } from './registry.js';
import { registryForSpec, scopeOf } from './npm-config.js';
import { frozenAll, repairInstalls, restoreContext, syncHere } from './restore.js';
import { linkedVersion, readVersionEntry, storedVersions, versionBefore } from './store.js';
import type {
  InstallOptions,
  InstallResult,
  InstallSummary,
  LockEntry,
  RollbackOptions,
} from './types.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export type { SwapExpectation } from './change.js';
export type { InstallerDeps } from './context.js';

/** What `doctor` reads: what disagrees now, and (with `fix`) what was repaired first. */
export interface InstallCheck {
  fixes: InstallFix[];
  findings: InstallFinding[];
}

export interface Installer {
  install(spec: string, opts?: InstallOptions): Promise<InstallResult>;
  installFrozen(opts?: InstallOptions): Promise<InstallResult[]>;
  update(name?: string, opts?: InstallOptions): Promise<InstallResult[]>;
  remove(name: string, opts?: Pick<InstallOptions, 'onProgress'>): Promise<InstallResult>;
  rollback(name: string, opts?: RollbackOptions): Promise<InstallResult>;
  /**
   * Makes this host's store serve exactly what the lockfile lists (fetching, integrity
   * checked, what is missing; removing what it no longer lists) in one generation swap. No
   * consent is asked: the host that installed asked it. Returns what changed here.
   */
  sync(opts?: Pick<InstallOptions, 'onProgress' | 'registry'>): Promise<InstallResult[]>;
  /** Finishes or undoes changes a killed process left (also run before every operation). */
  reconcile(): Promise<InstallFix[]>;
  /** Where the store and the lockfile disagree; `fix` repairs first (the lockfile wins). */
  check(opts?: { fix?: boolean }): Promise<InstallCheck>;
  /** Each registry install's current, wanted (in its range) and latest versions. */
  outdated(): Promise<OutdatedEntry[]>;
}

export function createInstaller(deps: InstallerDeps): Installer {
  const ctx = installerContext(deps);
  const restore = restoreContext(ctx);
  // Every operation starts from a settled store: what a killed process left is finished or
  // undone first, so the change below never builds on half of another.
  // Each change ends by collecting the shared dependency copies no version links to any more
  // (a failed collection changes nothing and the next change retries it).
  const run = <T>(fn: () => Promise<T>): Promise<T> =>
    deps.exclusive(async () => {
      await reconcileInstalls(ctx);
      try {
        return await fn();
      } finally {
        await collectShared(ctx.layout.root).catch(() => undefined);
      }
    });
  return {
    install: (spec, opts = {}) => run(() => installSpec(ctx, spec, opts)),
    installFrozen: (opts = {}) => run(() => frozenAll(restore, opts)),
    update: (name, opts = {}) => run(() => updateSkills(ctx, name, opts)),
    remove: (name, opts = {}) => run(() => removeSkill(ctx, name, opts)),
    rollback: (name, opts = {}) => run(() => rollbackSkill(ctx, name, opts)),
    sync: (opts = {}) => run(() => syncHere(restore, opts)),
    reconcile: () => deps.exclusive(() => reconcileInstalls(ctx)),
    outdated: async () => {
      const { options } = await ctx.npmConfig();
      return outdated(await ctx.state.read(), {
        cache: ctx.paths.npmCache,
        fetchOptions: () => options,
      });
    },
    check: ({ fix } = {}) =>
      deps.exclusive(async () => {
        const fixes = fix ? await repairInstalls(restore) : [];
        return { fixes, findings: await checkInstalls(ctx) };
      }),
  };
}

const toolsOf = (r: SkillRecord | undefined) => (r ? r.tools.map((t) => t.name) : []);

/** Where the links point and what the lockfile holds for one skill, now. */
async function sideNow(ctx: InstallerContext, name: string): Promise<StoreSide> {
  const current = await linkedVersion(ctx.layout, name, 'current');
  const previous = await linkedVersion(ctx.layout, name, 'previous');
  const entry = (await ctx.state.read()).skills[name];
  return {
    ...(current !== undefined && { current }),
    ...(previous !== undefined && { previous }),
    ...(entry && { entry }),
  };
}

/** How an update treats the kept range: stays in it (`keep`) or, with `latest`, leaves it. */
interface RangeUse {
  keep?: string;
  leaving?: string;
}

async function installSpec(
  ctx: InstallerContext,
  spec: string,
  opts: InstallOptions,
  ranges: RangeUse = {},
): Promise<InstallResult> {
  checkAbort(opts.signal);
  opts.onProgress?.({ step: 'resolve', detail: spec });
  const fallback = await resolveRegistry(
    opts.registry,
    ctx.config().install?.registry,
    ctx.npmConfig,
  );
  const normalized = normalizeSpec(spec, ctx.deps.cwd);
  // A scoped package goes to its scope's registry (`@company:registry=`), as with npm.
  const registry = scopeOf(normalized)
    ? registryForSpec(normalized, fallback, (await ctx.npmConfig()).options)
    : fallback;
  const prepared =
    (await prepareSource(ctx, { spec, cwd: ctx.deps.cwd }, opts)) ??
    (await prepare(ctx, { spec: normalized, registry }, opts));
  if (ranges.leaving !== undefined) {
    const { name, version, previousVersion } = prepared.summary;
    prepared.summary.warnings.push(
      ...leavingRangeWarning({
        name,
        range: ranges.leaving,
        to: version,
        ...(previousVersion !== undefined && { from: previousVersion }),
      }),
    );
  }
  try {
    const unchanged = await sameAsInstalled(ctx, prepared);
    if (unchanged) return unchanged;
    await consent(prepared.summary, opts);
    checkAbort(opts.signal);
    await ctx.state.check?.();
    await dependenciesStep(ctx, prepared, { registry, opts });
    checkAbort(opts.signal);
    const { fetched } = prepared;
    const entry = withLocalDependencies<LockEntry>(
      {
        name: prepared.summary.name,
        package: fetched.package,
        version: prepared.summary.version,
        resolved: fetched.resolved,
        integrity: fetched.integrity,
        time: new Date().toISOString(),
        spec: fetched.type === 'registry' ? spec : normalized,
        ...(fetched.type === 'registry' && {
          registry,
          range: rangeAfter({ spec, version: prepared.summary.version, ...ranges }),
        }),
        ...sourceFields(prepared, (await ctx.state.read()).skills[prepared.summary.name]),
        ...(prepared.summary.signature && { signature: prepared.summary.signature }),
        ...(prepared.summary.provenance && { provenance: prepared.summary.provenance }),
      },
      prepared.summary.localDependencies,
    );
    return await commitInstall(ctx, prepared, entry, opts);
  } finally {
    await rm(prepared.staged, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The same version is serving already: unchanged if it is the same tarball, else refused. */
async function sameAsInstalled(
  ctx: InstallerContext,
  { summary, fetched }: Prepared,
): Promise<InstallResult | undefined> {
  const { name, version } = summary;
  if (summary.previousVersion !== version) return undefined;
  const have = await readVersionEntry(ctx.layout, name, version);
  if (have?.integrity !== fetched.integrity) {
    throw new SkillError(
      'INSTALL_FAILED',
      `${name}@${version} is installed already with different contents; nothing was changed.`,
      { hint: 'Bump the version of the package, or `remove` the skill first.' },
    );
  }
  return {
    action: 'unchanged',
    name,
    version,
    dir: ctx.layout.versionDir(name, version),
    tools: summary.tools.map((t) => t.name),
    summary,
    snapshot: (await ctx.swap([])).snapshot.version,
  };
}

async function consent(summary: InstallSummary, opts: InstallOptions): Promise<void> {
  if (opts.yes) return;
  if (!opts.consent) {
    throw new SkillError(
      'APPROVAL_REQUIRED',
      `Installing ${summary.name}@${summary.version} needs consent and there is no terminal to ask: pass --yes to accept; nothing was installed.`,
    );
  }
  opts.onProgress?.({ step: 'consent' });
  if (!(await opts.consent(summary))) {
    throw new SkillError(
      'APPROVAL_DENIED',
      `Install of ${summary.name}@${summary.version} declined; nothing was installed.`,
    );
  }
}

/** npm installs the production dependencies into the staging folder (no script runs). */
async function dependenciesStep(
  ctx: InstallerContext,
  { staged, summary }: Prepared,
  o: { registry: string; opts: InstallOptions },
): Promise<void> {
  const names = Object.keys(summary.dependencies);
  // Nothing for npm to install: the store copy still drops (and records) its dev-only fields.
  if (names.length === 0) return void (await slimStoredPackage(staged));
  o.opts.onProgress?.({ step: 'dependencies', detail: names.join(', ') });
  try {
    await installDependencies(staged, {
      registry: o.registry,
      cache: ctx.paths.npmCache,
      ...npmOf(await ctx.npmConfig()),
      env: ctx.env,
      storeRoot: ctx.layout.root,
      dependencies: summary.dependencies,
      ...(o.opts.signal && { signal: o.opts.signal }),
      ...(summary.localDependencies && { local: summary.localDependencies }),
    });
  } catch (e) {
    throw loadFailure(summary, e);
  }
}

/** Moves the checked package into the store and swaps it in, journaled (change.ts). */
async function commitInstall(
  ctx: InstallerContext,
  prepared: Prepared,
  entry: LockEntry,
  opts: InstallOptions,
): Promise<InstallResult> {
  const { summary } = prepared;
  const { name, version } = summary;
  const before = await sideNow(ctx, name);
  const was = before.current;
  let swapped: Swapped;
  try {
    swapped = await applyChange(ctx, {
      name,
      op: was === undefined ? 'install' : 'update',
      before,
      after: {
        current: version,
        ...((was ?? before.previous) !== undefined && { previous: was ?? before.previous }),
        entry,
      },
      staged: prepared.staged,
      ...(opts.onProgress && { onProgress: opts.onProgress }),
    });
  } catch (e) {
    throw loadFailure(summary, e);
  }
  return {
    action: was === undefined ? 'installed' : 'updated',
    name,
    version,
    ...(was !== undefined && { previousVersion: was }),
    dir: ctx.layout.versionDir(name, version),
    tools: toolsOf(swapped.records.get(name)),
    summary,
    snapshot: swapped.snapshot.version,
  };
}

/** Any failure after consent as one INSTALL_FAILED saying what keeps serving. */
function loadFailure(summary: InstallSummary, e: unknown): SkillError {
  // A registry that refused a dependency says so itself, with the `npm login` that fixes it.
  if (e instanceof SkillError && (e.code === 'INSTALL_FAILED' || e.code === 'REGISTRY_ERROR'))
    return e;
  const { name, version, previousVersion: was } = summary;
  return new SkillError(
    'INSTALL_FAILED',
    `${name}@${version} failed to load${was ? `; ${name}@${was} keeps serving` : ''}: ${messageOf(e)}`,
    { cause: e, ...(e instanceof SkillError && e.hint && { hint: e.hint }) },
  );
}

async function entryFor(ctx: InstallerContext, name: string): Promise<LockEntry> {
  const entry = (await ctx.state.read()).skills[name];
  if (!entry) {
    throw new SkillError('SKILL_NOT_FOUND', `${name} is not installed from npm in this home.`, {
      hint: 'See `openclaw-skill list`; only skills installed with `install` can be updated, removed or rolled back.',
    });
  }
  return entry;
}

async function updateSkills(
  ctx: InstallerContext,
  name: string | undefined,
  opts: InstallOptions,
): Promise<InstallResult[]> {
  const lock = await ctx.state.read();
  const names = name === undefined ? Object.keys(lock.skills) : [name];
  const results: InstallResult[] = [];
  for (const n of names) {
    const entry = lock.skills[n] ?? (await entryFor(ctx, n));
    // Registry installs move to the newest version in the range they keep (range.ts), or
    // past it to the `latest` tag with `latest`; a tarball or folder install is read again
    // from where it came from.
    const latest = opts.latest === true;
    const spec = entry.registry ? updateSpec(entry, latest) : entry.spec;
    const range = entry.registry ? keptRange(entry) : undefined;
    results.push(
      await installSpec(
        ctx,
        spec,
        { ...opts, ...(entry.registry && !opts.registry && { registry: entry.registry }) },
        range === undefined ? {} : latest ? { leaving: range } : { keep: range },
      ),
    );
  }
  return results;
}

async function removeSkill(
  ctx: InstallerContext,
  name: string,
  opts: Pick<InstallOptions, 'onProgress'>,
): Promise<InstallResult> {
  const entry = await entryFor(ctx, name);
  await ctx.state.check?.();
  const before = await sideNow(ctx, name);
  opts.onProgress?.({ step: 'remove', detail: name });
  const { snapshot } = await applyChange(ctx, {
    name,
    op: 'remove',
    before,
    after: {},
    ...(opts.onProgress && { onProgress: opts.onProgress }),
  });
  return { action: 'removed', name, version: entry.version, tools: [], snapshot: snapshot.version };
}

async function rollbackSkill(
  ctx: InstallerContext,
  name: string,
  opts: RollbackOptions,
): Promise<InstallResult> {
  await entryFor(ctx, name);
  await ctx.state.check?.();
  const before = await sideNow(ctx, name);
  const { current } = before;
  const target = await rollbackTarget(ctx, name, {
    current,
    previous: before.previous,
    to: opts.to,
  });
  const entry = (await readVersionEntry(ctx.layout, name, target))!;
  // Back through the history, not back and forth: the new previous is the version installed
  // before the target, never the one just left.
  const previous = await versionBefore(ctx.layout, name, { version: target, not: current });
  opts.onProgress?.({ step: 'rollback', detail: `${name}@${current} -> ${target}` });
  const swapped = await applyChange(ctx, {
    name,
    op: 'rollback',
    before,
    after: { current: target, ...(previous !== undefined && { previous }), entry },
    ...(opts.onProgress && { onProgress: opts.onProgress }),
  });
  return {
    action: 'rolled-back',
    name,
    version: target,
    ...(current !== undefined && { previousVersion: current }),
    dir: ctx.layout.versionDir(name, target),
    tools: toolsOf(swapped.records.get(name)),
    snapshot: swapped.snapshot.version,
  };
}

/** The version a rollback goes to: `to` when it is kept, else the `previous` link. */
async function rollbackTarget(
  ctx: InstallerContext,
  name: string,
  o: { current?: string; previous?: string; to?: string },
): Promise<string> {
  const kept = (await storedVersions(ctx.layout, name)).map((v) => v.version);
  const others = kept.filter((v) => v !== o.current);
  const target = o.to ?? o.previous;
  if (target !== undefined && target === o.current) {
    throw new SkillError('INVALID_INPUT', `${name}@${target} is the version serving already.`, {
      hint: others.length
        ? `Kept versions: ${others.join(', ')}; openclaw-skill rollback ${name} --to <version>`
        : `No other version is kept; install the one you want: openclaw-skill install ${name}@<version>`,
    });
  }
  if (target === undefined || !kept.includes(target)) {
    const what = o.to
      ? `${name}@${o.to} is not kept in the store`
      : `${name} has no previous version to roll back to`;
    throw new SkillError('INSTALL_FAILED', `${what}.`, {
      hint: others.length
        ? `Kept versions: ${others.join(', ')}; openclaw-skill rollback ${name} --to <version>`
        : `Install the version you want: openclaw-skill install ${name}@<version>`,
    });
  }
  return target;
}
