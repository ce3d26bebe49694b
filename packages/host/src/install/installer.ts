// The installer: install, update, remove, rollback, install --frozen and sync as steps over
// plain data (fetch > inspect > checks > consent > dependencies > store > load > swap >
// lockfile). The lockfile is read and written only through InstallState (files or the shared
// store); `sync` makes this host's store follow it (another host installed something).
// The host gives it two things: `exclusive` (one change at a time, in order with rescans) and
// `swap` (scan the store, load the changed skills beside the serving generation, publish).
// A failure before the swap changes nothing; a failure in the swap puts the links back.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import type { HostPaths } from '../paths.js';
import { checkDependencyRanges } from './dependency-ranges.js';
import { installDependencies } from './dependencies.js';
import { localBase, withLocalDependencies } from './local-deps.js';
import { dropperCheck } from './dropper.js';
import { fetchPackage, normalizeSpec, type Fetched } from './fetch.js';
import { inspectPackage } from './inspect.js';
import { runPolicyHook } from './policy-hook.js';
import { resolveRegistry } from './registry.js';
import { createFileInstallState, type InstallState } from './state.js';
import { syncStore } from './sync.js';
import {
  linkedVersion,
  makeStaging,
  placeVersion,
  pointTo,
  readVersionEntry,
  removeVersion,
  storeLayout,
  type StoreLayout,
} from './store.js';
import type {
  InstallOptions,
  InstallResult,
  InstallSummary,
  LockEntry,
  LockFile,
} from './types.js';

/** What the host's swap must find for one skill: its store folder, or none (removed). */
export interface SwapExpectation {
  name: string;
  dir: string | undefined;
}

export interface InstallerDeps {
  paths: HostPaths;
  config(): HostConfig;
  env: NodeJS.ProcessEnv;
  /** Relative local specs resolve against it. */
  cwd: string;
  hostVersion?: string;
  /** Where the lockfile lives (default: `<home>/skills.lock.json`). */
  state?: InstallState;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Scans, loads each expected skill's new record beside the serving one, then publishes one
   * new snapshot. Throws (publishing nothing) when a record is missing, invalid or fails to load.
   */
  swap(expect: readonly SwapExpectation[]): Promise<{
    snapshot: CatalogSnapshot;
    records: ReadonlyMap<string, SkillRecord>;
  }>;
}

export interface Installer {
  install(spec: string, opts?: InstallOptions): Promise<InstallResult>;
  installFrozen(opts?: InstallOptions): Promise<InstallResult[]>;
  update(name?: string, opts?: InstallOptions): Promise<InstallResult[]>;
  remove(name: string, opts?: Pick<InstallOptions, 'onProgress'>): Promise<InstallResult>;
  rollback(name: string, opts?: Pick<InstallOptions, 'onProgress'>): Promise<InstallResult>;
  /**
   * Makes this host's store serve exactly what the lockfile lists (fetching, integrity
   * checked, what is missing; removing what it no longer lists) in one generation swap. No
   * consent is asked: the host that installed asked it. Returns what changed here.
   */
  sync(opts?: Pick<InstallOptions, 'onProgress' | 'registry'>): Promise<InstallResult[]>;
}

const toolsOf = (r: SkillRecord | undefined) => (r ? r.tools.map((t) => t.name) : []);

export function createInstaller(deps: InstallerDeps): Installer {
  const layout: StoreLayout = storeLayout(deps.paths.store);
  const state = deps.state ?? createFileInstallState(deps.paths.lockfile);
  const lockFile = state.where;
  const cache = deps.paths.npmCache;

  const checkAbort = (signal?: AbortSignal) => {
    if (signal?.aborted) {
      throw new SkillError('ABORTED', 'The install was cancelled; nothing was changed.');
    }
  };

  /** Fetches and checks one spec into a staging folder; the caller owns the folder. */
  async function prepare(
    spec: string,
    opts: InstallOptions,
    registry: string,
    frozen?: LockEntry,
  ): Promise<{
    staged: string;
    fetched: Fetched;
    summary: InstallSummary;
    manifest: unknown;
    packageJson: unknown;
  }> {
    const progress = opts.onProgress ?? (() => undefined);
    const staged = await makeStaging(layout.root);
    try {
      progress({ step: 'fetch', detail: spec });
      const fetched = await fetchPackage(spec, staged, {
        registry,
        cache,
        ...(frozen && { integrity: frozen.integrity }),
        preferOnline: !frozen,
      });
      checkAbort(opts.signal);
      progress({ step: 'inspect', detail: `${fetched.package}@${fetched.version}` });
      const { summary: base, folder } = await inspectPackage(staged, spec, deps.hostVersion);
      // Before consent and npm: anything but a registry range fails here, naming the field
      // (local folders only with allowLocalDeps, listed for consent by real path).
      const from = localBase(fetched);
      const localDependencies = await checkDependencyRanges({
        raw: folder.packageJson?.raw ?? {},
        where:
          fetched.type === 'directory' && from !== undefined
            ? join(from, 'package.json')
            : `package.json of ${fetched.package}@${fetched.version}`,
        ...(from !== undefined && { base: from }),
        ...(opts.allowLocalDeps && { allowLocal: true }),
      });
      const previousVersion = await linkedVersion(layout, base.name, 'current');
      const summary: InstallSummary = {
        ...base,
        ...(previousVersion !== undefined && { previousVersion }),
        resolved: fetched.resolved,
        integrity: fetched.integrity,
        warnings: await dropperCheck(staged),
        ...(localDependencies.length > 0 && { localDependencies }),
      };
      const policyCommand = deps.config().install?.policyCommand;
      if (policyCommand) {
        progress({ step: 'policy', detail: policyCommand });
        const policy = await runPolicyHook(
          policyCommand,
          {
            summary,
            ...(folder.manifest && { manifest: folder.manifest }),
            packageJson: folder.packageJson?.raw,
          },
          { env: deps.env, cwd: deps.paths.home },
        );
        summary.policy = policy;
        if (policy.decision === 'block') {
          throw new SkillError(
            'POLICY_DENIED',
            `The install policy blocks ${summary.name}@${summary.version}${policy.reason ? `: ${policy.reason}` : '.'}`,
            {
              hint: `Ask the operator; the policy is install.policyCommand in ${deps.paths.config}.`,
            },
          );
        }
        if (policy.decision === 'warn') {
          summary.warnings.push({
            code: 'POLICY_WARN',
            message: `The install policy warns${policy.reason ? `: ${policy.reason}` : '.'}`,
          });
        }
      }
      return {
        staged,
        fetched,
        summary,
        manifest: folder.manifest,
        packageJson: folder.packageJson?.raw,
      };
    } catch (e) {
      await rm(staged, { recursive: true, force: true });
      throw e;
    }
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

  /** Moves a checked staging folder into the store and swaps it in; reverts on failure. */
  async function commit(
    staged: string,
    summary: InstallSummary,
    entry: LockEntry,
    opts: InstallOptions,
    registry: string,
  ): Promise<{ record: SkillRecord | undefined; snapshot: CatalogSnapshot; dir: string }> {
    const progress = opts.onProgress ?? (() => undefined);
    const { name, version } = summary;
    const oldCurrent = await linkedVersion(layout, name, 'current');
    const oldPrevious = await linkedVersion(layout, name, 'previous');
    let placed: string | undefined;
    try {
      if (Object.keys(summary.dependencies).length > 0) {
        progress({ step: 'dependencies', detail: Object.keys(summary.dependencies).join(', ') });
        await installDependencies(staged, {
          registry,
          cache,
          env: deps.env,
          ...(opts.signal && { signal: opts.signal }),
          ...(summary.localDependencies && { local: summary.localDependencies }),
        });
      }
      checkAbort(opts.signal);
      progress({ step: 'store', detail: layout.versionDir(name, version) });
      placed = await placeVersion(layout, name, version, staged, entry);
      if (oldCurrent !== undefined && oldCurrent !== version)
        await pointTo(layout, name, 'previous', oldCurrent);
      await pointTo(layout, name, 'current', version);
      progress({ step: 'load', detail: `${name}@${version}` });
      const { snapshot, records } = await deps.swap([{ name, dir: placed }]);
      return { record: records.get(name), snapshot, dir: placed };
    } catch (e) {
      // Put the links back as they were; the serving generation never changed.
      await pointTo(layout, name, 'current', oldCurrent).catch(() => undefined);
      await pointTo(layout, name, 'previous', oldPrevious).catch(() => undefined);
      if (placed) await removeVersion(layout, name, version).catch(() => undefined);
      await rm(staged, { recursive: true, force: true }).catch(() => undefined);
      throw e instanceof SkillError && e.code === 'INSTALL_FAILED'
        ? e
        : new SkillError(
            'INSTALL_FAILED',
            `${name}@${version} failed to load${oldCurrent ? `; ${name}@${oldCurrent} keeps serving` : ''}: ${(e as Error).message}`,
            { cause: e, ...(e instanceof SkillError && e.hint && { hint: e.hint }) },
          );
    }
  }

  async function installOne(spec: string, opts: InstallOptions): Promise<InstallResult> {
    const progress = opts.onProgress ?? (() => undefined);
    checkAbort(opts.signal);
    progress({ step: 'resolve', detail: spec });
    const registry = await resolveRegistry(
      opts.registry,
      deps.config().install?.registry,
      deps.env,
    );
    const normalized = normalizeSpec(spec, deps.cwd);
    const { staged, fetched, summary } = await prepare(normalized, opts, registry);
    try {
      const { name, version } = summary;
      const current = summary.previousVersion;
      if (current === version) {
        const have = await readVersionEntry(layout, name, version);
        await rm(staged, { recursive: true, force: true });
        if (have?.integrity === fetched.integrity) {
          return {
            action: 'unchanged',
            name,
            version,
            dir: layout.versionDir(name, version),
            tools: summary.tools.map((t) => t.name),
            summary,
            snapshot: (await deps.swap([])).snapshot.version,
          };
        }
        throw new SkillError(
          'INSTALL_FAILED',
          `${name}@${version} is installed already with different contents; nothing was changed.`,
          { hint: 'Bump the version of the package, or `remove` the skill first.' },
        );
      }
      await consent(summary, opts);
      checkAbort(opts.signal);
      await state.check?.();
      const entry = withLocalDependencies<LockEntry>(
        {
          name,
          package: fetched.package,
          version,
          resolved: fetched.resolved,
          integrity: fetched.integrity,
          time: new Date().toISOString(),
          spec: fetched.type === 'registry' ? spec : normalized,
          ...(fetched.type === 'registry' && { registry }),
        },
        summary.localDependencies,
      );
      const oldPrevious = await linkedVersion(layout, name, 'previous');
      const { record, snapshot, dir } = await commit(staged, summary, entry, opts, registry);
      progress({ step: 'lockfile', detail: lockFile });
      try {
        await state.record({ name, action: current === undefined ? 'install' : 'update', entry });
      } catch (e) {
        // Not recorded, so not installed: serve what was there before, as if it never happened.
        await pointTo(layout, name, 'current', current).catch(() => undefined);
        await pointTo(layout, name, 'previous', oldPrevious).catch(() => undefined);
        await deps
          .swap([
            { name, dir: current === undefined ? undefined : layout.versionDir(name, current) },
          ])
          .catch(() => undefined);
        await removeVersion(layout, name, version).catch(() => undefined);
        throw new SkillError(
          'INSTALL_FAILED',
          `${name}@${version} was not installed: ${lockFile} could not record it (${(e as Error).message})${current ? `; ${name}@${current} keeps serving` : ''}.`,
          { cause: e },
        );
      }
      return {
        action: current === undefined ? 'installed' : 'updated',
        name,
        version,
        ...(current !== undefined && { previousVersion: current }),
        dir,
        tools: toolsOf(record),
        summary,
        snapshot: snapshot.version,
      };
    } finally {
      await rm(staged, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * Puts exactly `entry` into the store as `<name>/<version>` unless it is there already with
   * the same integrity: the registry's tarball for registry installs, the recorded file
   * otherwise, checked against the entry's integrity.
   */
  async function ensureVersion(
    entry: LockEntry,
    opts: InstallOptions,
    registry: string,
  ): Promise<string> {
    const progress = opts.onProgress ?? (() => undefined);
    const dir = layout.versionDir(entry.name, entry.version);
    const have = await readVersionEntry(layout, entry.name, entry.version);
    if (have?.integrity === entry.integrity) return dir;
    const spec = entry.registry ? `${entry.package}@${entry.version}` : entry.resolved;
    const { staged, summary } = await prepare(spec, opts, registry, entry);
    try {
      if (summary.name !== entry.name || summary.version !== entry.version) {
        throw new SkillError(
          'INSTALL_FAILED',
          `${lockFile}: ${spec} holds ${summary.name}@${summary.version}, not ${entry.name}@${entry.version}.`,
          { file: lockFile, hint: 'Fix the entry, or install the skill again without --frozen.' },
        );
      }
      if (Object.keys(summary.dependencies).length > 0) {
        progress({ step: 'dependencies', detail: entry.name });
        await installDependencies(staged, {
          registry,
          cache,
          env: deps.env,
          ...(summary.localDependencies && { local: summary.localDependencies }),
        });
      }
      progress({ step: 'store', detail: dir });
      const placed = withLocalDependencies(entry, summary.localDependencies);
      await placeVersion(layout, entry.name, entry.version, staged, placed);
    } finally {
      await rm(staged, { recursive: true, force: true }).catch(() => undefined);
    }
    return dir;
  }

  const registryFor = async (entries: readonly LockEntry[], opts: InstallOptions) => {
    const fallback = entries.some((e) => !e.registry)
      ? await resolveRegistry(opts.registry, deps.config().install?.registry, deps.env)
      : undefined;
    return (entry: LockEntry) => opts.registry ?? entry.registry ?? fallback!;
  };

  async function frozenAll(opts: InstallOptions): Promise<InstallResult[]> {
    const progress = opts.onProgress ?? (() => undefined);
    const lock: LockFile = await state.read();
    const entries = Object.values(lock.skills);
    const expect: SwapExpectation[] = [];
    const results: Omit<InstallResult, 'snapshot' | 'tools'>[] = [];
    const registryOf = await registryFor(entries, opts);
    for (const entry of entries) {
      checkAbort(opts.signal);
      const dir = await ensureVersion(entry, opts, registryOf(entry));
      await pointTo(layout, entry.name, 'current', entry.version);
      expect.push({ name: entry.name, dir });
      results.push({ action: 'installed', name: entry.name, version: entry.version, dir });
    }
    progress({ step: 'load', detail: `${expect.length} skill(s)` });
    const { snapshot, records } = await deps.swap(expect);
    return results.map((r) => ({
      ...r,
      tools: toolsOf(records.get(r.name)),
      snapshot: snapshot.version,
    }));
  }

  async function entryFor(name: string): Promise<LockEntry> {
    const entry = (await state.read()).skills[name];
    if (!entry) {
      throw new SkillError('SKILL_NOT_FOUND', `${name} is not installed from npm in this home.`, {
        hint: 'See `openclaw-skill list`; only skills installed with `install` can be updated, removed or rolled back.',
      });
    }
    return entry;
  }

  return {
    install: (spec, opts = {}) => deps.exclusive(() => installOne(spec, opts)),

    installFrozen: (opts = {}) => deps.exclusive(() => frozenAll(opts)),

    sync: (opts = {}) =>
      deps.exclusive(() =>
        syncStore(
          {
            layout,
            state,
            swap: deps.swap,
            ensureVersion: async (entry, o) =>
              ensureVersion(entry, o, (await registryFor([entry], o))(entry)),
          },
          opts,
        ),
      ),

    update: (name, opts = {}) =>
      deps.exclusive(async () => {
        const lock = await state.read();
        const names = name === undefined ? Object.keys(lock.skills) : [name];
        const results: InstallResult[] = [];
        for (const n of names) {
          const entry = lock.skills[n] ?? (await entryFor(n));
          // Registry installs move to the newest published version (the `latest` tag); a
          // tarball or folder install is read again from where it came from.
          const spec = entry.registry ? `${entry.package}@latest` : entry.spec;
          results.push(
            await installOne(spec, {
              ...opts,
              ...(entry.registry && !opts.registry && { registry: entry.registry }),
            }),
          );
        }
        return results;
      }),

    remove: (name, opts = {}) =>
      deps.exclusive(async () => {
        const entry = await entryFor(name);
        await state.check?.();
        const oldCurrent = await linkedVersion(layout, name, 'current');
        const oldPrevious = await linkedVersion(layout, name, 'previous');
        opts.onProgress?.({ step: 'remove', detail: name });
        await pointTo(layout, name, 'current', undefined);
        let snapshot: CatalogSnapshot;
        try {
          ({ snapshot } = await deps.swap([{ name, dir: undefined }]));
        } catch (e) {
          await pointTo(layout, name, 'current', oldCurrent).catch(() => undefined);
          throw e;
        }
        try {
          await state.record({ name, action: 'remove' });
        } catch (e) {
          await pointTo(layout, name, 'current', oldCurrent).catch(() => undefined);
          await deps
            .swap([{ name, dir: oldCurrent && layout.versionDir(name, oldCurrent) }])
            .catch(() => undefined);
          throw new SkillError(
            'INSTALL_FAILED',
            `${name} was not removed: ${lockFile} could not record it (${(e as Error).message}).`,
            { cause: e },
          );
        }
        // Calls in flight finish on the code already loaded; the files go now.
        await rm(layout.skillDir(name), { recursive: true, force: true });
        void oldPrevious;
        return {
          action: 'removed',
          name,
          version: entry.version,
          tools: [],
          snapshot: snapshot.version,
        };
      }),

    rollback: (name, opts = {}) =>
      deps.exclusive(async () => {
        await entryFor(name);
        await state.check?.();
        const current = await linkedVersion(layout, name, 'current');
        const previous = await linkedVersion(layout, name, 'previous');
        const entry =
          previous === undefined ? undefined : await readVersionEntry(layout, name, previous);
        if (previous === undefined || !entry) {
          throw new SkillError(
            'INSTALL_FAILED',
            `${name} has no previous version to roll back to.`,
            {
              hint: `Install the version you want: openclaw-skill install ${name}@<version>`,
            },
          );
        }
        opts.onProgress?.({ step: 'rollback', detail: `${name}@${current} -> ${previous}` });
        await pointTo(layout, name, 'current', previous);
        await pointTo(layout, name, 'previous', current);
        let swapped;
        try {
          swapped = await deps.swap([{ name, dir: layout.versionDir(name, previous) }]);
        } catch (e) {
          await pointTo(layout, name, 'current', current).catch(() => undefined);
          await pointTo(layout, name, 'previous', previous).catch(() => undefined);
          throw e;
        }
        try {
          await state.record({ name, action: 'rollback', entry });
        } catch (e) {
          await pointTo(layout, name, 'current', current).catch(() => undefined);
          await pointTo(layout, name, 'previous', previous).catch(() => undefined);
          await deps
            .swap([{ name, dir: current && layout.versionDir(name, current) }])
            .catch(() => undefined);
          throw new SkillError(
            'INSTALL_FAILED',
            `${name} was not rolled back: ${lockFile} could not record it (${(e as Error).message}).`,
            { cause: e },
          );
        }
        return {
          action: 'rolled-back',
          name,
          version: previous,
          ...(current !== undefined && { previousVersion: current }),
          dir: layout.versionDir(name, previous),
          tools: toolsOf(swapped.records.get(name)),
          snapshot: swapped.snapshot.version,
        };
      }),
  };
}
