// createSkillHost: the library surface. It wires the parts together:
// config + sources -> scan -> catalog snapshot -> prompt / tool definitions (prompt/,
// formats/) and tool calls (router/), with lazy activation of code skills in a runner.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Logger as PinoLogger } from 'pino';
import { lazyLogger, loadPino } from './lazy.js';
import { SkillError, type Problem } from '@openclaw/skill-sdk';
import { createAuthManager, type AuthManager, type AuthManagerOptions } from './auth/manager.js';
import { createCatalog } from './catalog/catalog.js';
import type { CatalogSnapshot, SkillRecord, SkillSource } from './catalog/types.js';
import { loadHostConfig } from './config/load.js';
import type { HostConfig } from './config/schema.js';
import { createSkillContext } from './context/create.js';
import { redactingLogger } from './context/logger.js';
import { knownSecretValues } from './context/secrets.js';
import { createEmitter, type HostEvents } from './events.js';
import type { ToolFormat } from './formats/index.js';
import {
  callerView,
  planDefinitions,
  tokenizerFor,
  SessionTools,
  UsageReader,
  type DefinitionsOptions,
  type ToolDefinitionList,
} from './budget/index.js';
import { activateBuiltin, builtinSkillRecord } from './host-tools/index.js';
import { MCP_PREFIX } from './formats/names.js';
import {
  McpClients,
  type Backoff,
  type McpServerStatus,
  type Schedule,
} from './mcp-client/index.js';
import { mcpCollisions } from './mcp-client/records.js';
import { hostPaths, resolveHome, resolveUserHome } from './paths.js';
import { hostReadToolName, injectSkills, renderPrompt, type PromptResult } from './prompt/index.js';
import { RedactorCache } from './redact/index.js';
import type {
  ApprovalHandler,
  CallContext,
  CallResult,
  RouterDeps,
  ToolCall,
} from './router/types.js';
import { createActivator } from './runners/activations.js';
import { createInlineRunner } from './runners/inline.js';
import { grantsFor, runnerKindFor } from './runners/choose.js';
import { folderGrantsResolver } from './runners/folder-grants.js';
import type { Runner, RunnerKind } from './runners/types.js';
import type { BeforeCallHook } from './router/before-call.js';
import { openFolderCache, readerIdentity, type FolderCache } from './scan/folder-cache.js';
import { scanSkills, type ScanResult } from './scan/scan.js';
import { slicer } from './scan/yield.js';
import { carryOver, loadGeneration } from './install/generations.js';
import type { SwapExpectation } from './install/installer.js';
import type {
  InstallOptions,
  InstallResult,
  RemoveOptions,
  RollbackOptions,
} from './install/types.js';
import { settleRemovedStorage } from './install/removed-storage.js';
import type { InstallCheck } from './install/installer.js';
import type { OutdatedEntry } from './install/outdated.js';
import { DEFAULT_KEEP_GENERATIONS, settleOnStart } from './install/start.js';
import { createFileInstallState, type InstallFeed } from './install/state.js';
import { createFollower, type FollowRetry } from './install/follow.js';
import { storeSecretValues } from './pg/secrets.js';
import { listSources } from './sources/list.js';
import type { WatchRootsOptions } from './watch/watcher.js';

export interface SkillHostOptions {
  /** State folder (default: env OPENCLAW_SKILLS_HOME, else ~/.openclaw/skill-host). */
  home?: string;
  /** Its `skills/` and `.agents/skills/` are the first sources (default: the current folder). */
  workspace?: string;
  /** Extra skill folders, after the built-in sources and before config `sources`. */
  sources?: string[];
  /**
   * Folders that are each one skill (a SKILL.md at their root), read before every other
   * source: the CLI passes its workspace when that is a skill's own folder.
   */
  skillFolders?: string[];
  /**
   * Serve this one skill folder and nothing else (no workspace, user or store sources):
   * what `openclaw-skill dev <dir>` runs.
   */
  skillDir?: string;
  /** Merged over `<home>/config.json`. */
  config?: HostConfig;
  /** The user's home folder (`~`); tests pass a temp dir. */
  userHome?: string;
  /** Environment for eligibility (PATH, required env) and secrets (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * With a shared store: follow the shared lockfile, fetching and loading what other hosts
   * install (default true). A short-lived CLI command turns it off: the `serve` of the same
   * home follows, and two processes must not rewrite one store at once.
   */
  followInstalls?: boolean;
  /**
   * Finish or undo, before the first scan, a change a killed install left in the store
   * (default true). `doctor` turns it off to report what it finds instead.
   */
  reconcileInstalls?: boolean;
  /** Backoff of a failed follow of the shared lockfile (default 1 s doubling, at most 5 min). */
  followRetry?: FollowRetry;
  /** Include the built-in `skills.search` / `skills.read` tools (default true). */
  hostTools?: boolean;
  /** Asked before tools that need approval. */
  approve?: ApprovalHandler;
  /**
   * Runs after policy and input validation, before approval and the run: allow the call,
   * refuse it with a reason the model reads (HOOK_DENIED), or replace its input (checked
   * again). A hook that throws or does not answer within the tool's timeout fails the call
   * (HOOK_FAILED). See docs/agents/embedding.md.
   */
  beforeCall?: BeforeCallHook;
  /** Host logger (default: pino to stderr at level OPENCLAW_SKILLS_LOG_LEVEL or warn). */
  logger?: PinoLogger;
  /**
   * Live reloads of one changed skill module the inline runner does before it keeps the code
   * it loaded last (default 100): each reload keeps the old module graph in memory, as ESM
   * cannot unload. The worker runner reloads without this limit.
   */
  maxInlineReloads?: number;
  /** Runs every code skill (default: chosen per skill, see runners/choose.ts). */
  runner?: Runner;
  /**
   * Remember what each skill folder held in `<home>/cache/scan.json`, so a fresh process
   * re-parses only changed skills (default true).
   */
  scanCache?: boolean;
  /** MCP client lifecycle knobs (tests inject the restart clock). */
  mcp?: { schedule?: Schedule; backoff?: Backoff };
  /** Auth storage and retry settings (tests pass a memory vault). */
  auth?: Pick<AuthManagerOptions, 'vault' | 'grants' | 'retry' | 'skewMs' | 'fetch' | 'warn'>;
}

export type HostWatchOptions = Pick<
  WatchRootsOptions,
  'debounceMs' | 'maxWatchedDirs' | 'fallbackIntervalMs' | 'clock' | 'onDegraded'
>;

export interface PromptCallOptions {
  query?: string;
  maxChars?: number;
  format?: 'openclaw' | 'agentskills';
  /** The tool format the caller uses, so the preamble names the host's read tool as the model sees it (default anthropic). */
  toolFormat?: ToolFormat;
  /** The agent's own file tool (`read`); default: the host's read tool when host tools are on. */
  readTool?: string;
  /** Who asks (as `call` gets it): the block lists only skills whose tools its policy allows. */
  ctx?: DefinitionsOptions['ctx'];
}

export interface SkillHost {
  readonly home: string;
  /** The effective host config (file merged with the `config` option). */
  readonly config: HostConfig;
  /** OAuth grants, tokens and API keys (`auth login`, `auth status`). */
  readonly auth: AuthManager;
  /** Every record of the current snapshot, shadowed ones included. */
  readonly skills: readonly SkillRecord[];
  snapshot(): CatalogSnapshot;
  /** Re-reads the config and every source; resolves with the new snapshot. */
  rescan(): Promise<CatalogSnapshot>;
  prompt(opts?: PromptCallOptions): PromptResult;
  /** Inserts the prompt block into a system prompt, or replaces the one already there. */
  injectSkills(systemPrompt: string, opts?: PromptCallOptions): string;
  /**
   * Tool definitions for a provider, as one caller may see them (`ctx`, as `call` gets it)
   * and within a token budget (default config tools.budget, else 5,000): a frozen array,
   * computed once per snapshot and caller, with a `report` of the tokens counted, the
   * tools kept and the tools deferred and why (docs/agents/tool-budgets.md).
   */
  tools: {
    definitions<F extends ToolFormat>(format: F, opts?: DefinitionsOptions): ToolDefinitionList<F>;
  };
  call(call: ToolCall, ctx?: CallContext): Promise<CallResult>;
  callMany(calls: readonly ToolCall[], ctx?: CallContext): Promise<CallResult[]>;
  /**
   * Installs a skill from npm (`name@range`), a tarball or a folder into `<home>/store` and
   * swaps it in without a restart: calls in flight finish on the version they started on.
   * Rejects with a SkillError (INSTALL_FAILED, APPROVAL_REQUIRED, APPROVAL_DENIED,
   * POLICY_DENIED, MANIFEST_INVALID, ABORTED, USAGE) and then nothing has changed.
   */
  install(spec: string, opts?: InstallOptions): Promise<InstallResult>;
  /** `install --frozen`: exactly what `<home>/skills.lock.json` lists (a clean home too). */
  installFrozen(opts?: InstallOptions): Promise<InstallResult[]>;
  /** Moves one installed skill (or all) to its newest version; one result per skill. */
  update(name?: string, opts?: InstallOptions): Promise<InstallResult[]>;
  /**
   * Takes an installed skill's tools away; calls in flight finish first. Its storage is kept
   * (the result's `storage` says where) unless `purge`.
   */
  remove(name: string, opts?: RemoveOptions): Promise<InstallResult>;
  /**
   * Returns an installed skill to the version installed before the serving one (again and
   * again, back through what is kept), or `to` any kept version.
   */
  rollback(name: string, opts?: RollbackOptions): Promise<InstallResult>;
  /**
   * Where the store and the lockfile disagree (an interrupted change, a version out of
   * step, leftovers); with `fix`, repairs first: interrupted changes are finished or undone
   * and the store is made to serve what the lockfile lists.
   */
  checkInstalls(opts?: { fix?: boolean }): Promise<InstallCheck>;
  /** Each registry install: version serving, newest in its kept range, registry's latest. */
  outdated(): Promise<OutdatedEntry[]>;
  /**
   * Live reload: watches the skill sources (not the store, which changes through install),
   * the host config and the lockfile, and rescans on a change (debounced 250 ms). A changed
   * SKILL.md or manifest makes a new snapshot; a rebuilt entry a new generation of that
   * skill. Emits `reload` after each such rescan. Close the watcher, or the host.
   */
  watch(opts?: HostWatchOptions): Promise<{ close(): Promise<void> }>;
  on<K extends keyof HostEvents>(event: K, listener: HostEvents[K]): void;
  off<K extends keyof HostEvents>(event: K, listener: HostEvents[K]): void;
  /** The MCP servers of config.mcpServers. */
  mcp: {
    /** Each server with its state (starting, ready, failing: why) and its tools. */
    servers(): McpServerStatus[];
    /** Starts the named servers (default: every enabled one) and waits until each settles. */
    start(names?: readonly string[]): Promise<void>;
    /**
     * Starts every enabled server not started yet and waits until each is ready or failing,
     * at most `timeoutMs` (default 5000); answers their status. Before an agent's first
     * turn on a home that has never listed a server's tools. See docs/agents/mcp-servers.md.
     */
    ready(opts?: { timeoutMs?: number }): Promise<McpServerStatus[]>;
  };
  /** Flushes the audit log, disposes loaded skills and stops every MCP server. */
  close(): Promise<void>;
}

/** How long host.mcp.ready() waits for servers by default. */
const DEFAULT_MCP_READY_MS = 5_000;

const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** A runner whose module (worker threads, child processes) loads on its first activation. */
function lazyRunner(kind: RunnerKind, load: () => Promise<Runner>): Runner {
  let runner: Promise<Runner> | undefined;
  return {
    kind,
    activate: (skill, ctx) => (runner ??= load()).then((r) => r.activate(skill, ctx)),
  };
}

function defaultLogger(env: NodeJS.ProcessEnv): PinoLogger {
  // stderr: stdout belongs to the embedding program (and to MCP over stdio). Created on the
  // first log line: most runs never log.
  return lazyLogger(() => {
    const { pino } = loadPino();
    return pino(
      { name: 'skill-host', level: env.OPENCLAW_SKILLS_LOG_LEVEL ?? 'warn' },
      pino.destination({ dest: 2, sync: true }),
    );
  });
}

export async function createSkillHost(options: SkillHostOptions = {}): Promise<SkillHost> {
  const env = options.env ?? process.env;
  const userHome = resolveUserHome(options);
  const home = resolveHome({ ...options, env });
  const paths = hostPaths(home);
  const workspace = options.workspace ?? process.cwd();
  const baseLogger = options.logger ?? defaultLogger(env);
  const catalog = createCatalog();
  const inline = createInlineRunner({
    ...(options.maxInlineReloads !== undefined && { maxReloads: options.maxInlineReloads }),
    onReloadLimit: (skill, entry, n) =>
      logger.warn(
        { skill, entry },
        `Skill "${skill}" changed but was reloaded ${n} times in this process already; the code loaded last keeps serving. Restart the host to load the change.`,
      ),
  });
  const redactors = new RedactorCache();
  let config: HostConfig = await loadHostConfig(paths.config, options.config);
  let secrets: string[] = [];
  let closed = false;
  let cacheWrites: Promise<void> = Promise.resolve();
  let readerId: string | undefined;
  const reader = () => (readerId ??= readerIdentity());
  let lastCache: FolderCache | undefined;

  let scanned: { records: readonly SkillRecord[]; problems: readonly Problem[] } = {
    records: [],
    problems: [],
  };
  // Publishes a snapshot of the last scan plus the MCP servers' current records.
  const republish = (): CatalogSnapshot => {
    const servers = mcp.records();
    const collisions = servers.length ? mcpCollisions(scanned.records, servers, paths.config) : [];
    const snapshot = catalog.publish(
      servers.length ? [...scanned.records, ...servers] : scanned.records,
      collisions.length ? [...scanned.problems, ...collisions] : scanned.problems,
    );
    secrets = [
      ...knownSecretValues(snapshot.skills, config, env),
      ...mcpSecretValues(config),
      ...storeSecretValues(config, env),
    ];
    activator.retain(snapshot.skills);
    return snapshot;
  };
  const mcp: McpClients = new McpClients({
    configFile: paths.config,
    knownToolsFile: join(dirname(paths.scanCache), 'mcp-tools.json'),
    onChange: () => {
      if (closed) return;
      events.emit('change', republish());
    },
    ...options.mcp,
  });

  // Several hosts, one store: grants, encrypted tokens and the lockfile in Postgres. Opened
  // now, so a missing key or an unreachable database stops the host with one line.
  const shared =
    config.store?.type === 'postgres'
      ? await import('./pg/index.js').then(({ openSharedStore }) =>
          openSharedStore({
            store: config.store!,
            env,
            configFile: paths.config,
            onIdleError: (e) =>
              logger.warn({ err: e }, 'Lost a connection to the shared store; reconnecting.'),
          }),
        )
      : undefined;
  // What is installed: the lockfile in the home, or the shared one every host follows.
  // This host's name in the shared store (only a shared store needs one).
  const origin = shared ? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}` : '';
  const installState = shared
    ? shared.installState({
        origin,
        packageBytes: (entry) =>
          import('./install/package-bytes.js').then(({ readPackageBytes }) =>
            readPackageBytes(entry, {
              cache: paths.npmCache,
              ...((entry.registry ?? config.install?.registry) && {
                registry: entry.registry ?? config.install?.registry,
              }),
            }),
          ),
        onLost: (e) => {
          logger.warn({ err: e }, 'Lost the shared store; calls go on, installs wait for it.');
          events.emit('store', { state: 'lost' });
        },
        onBack: () => events.emit('store', { state: 'back' }),
      })
    : createFileInstallState(paths.lockfile);

  // The logger is created below; the warning is only written when a vault opens, later.
  const auth: AuthManager = createAuthManager({
    home,
    config: () => config,
    configFile: paths.config,
    env,
    warn: (line) => logger.warn({}, line),
    ...(shared && { grants: shared.grants, vault: shared.vault, service: shared.service }),
    ...options.auth,
  });
  // Known secrets for redaction: the scan's (config and env) plus every token, refresh
  // token, client secret and key the auth manager has seen; rebuilt only when either grows.
  let allSecrets: string[] = [];
  let allFor: [string[], number] = [[], -1];
  const secretValues = (): string[] => {
    const v = auth.version();
    if (allFor[0] !== secrets || allFor[1] !== v) {
      allSecrets = v ? [...secrets, ...auth.knownValues()] : secrets;
      allFor = [secrets, v];
    }
    return allSecrets;
  };
  const redactor = () => redactors.get(secretValues());
  const logger = redactingLogger(baseLogger, redactor);
  const events = createEmitter<HostEvents>((event, e) =>
    logger.error({ err: e, event }, `A "${String(event)}" listener threw; the host carries on.`),
  );

  const isolated = {
    env,
    grants: (skill: SkillRecord) => grantsFor(skill, config),
    storageDir: (skill: SkillRecord) => paths.storage(skill.name),
    folders: folderGrantsResolver(() => config, {
      hostHome: home,
      userHome,
      configFile: paths.config,
    }),
    // Read when a runner starts, so a changed config applies to the next one.
    maxMessageBytes: () => config.limits?.maxMessageBytes,
  };
  const runners: Record<RunnerKind, () => Runner> = {
    inline: () => inline,
    worker: once(() =>
      lazyRunner('worker', () =>
        import('./runners/worker.js').then((m) => m.createWorkerRunner(isolated)),
      ),
    ),
    sandbox: once(() =>
      lazyRunner('sandbox', () =>
        import('./runners/sandbox.js').then((m) => m.createSandboxRunner(isolated)),
      ),
    ),
  };
  const runnerFor = (skill: SkillRecord): Runner =>
    options.runner ?? runners[runnerKindFor(skill, config)]();

  // The tool budget: usage counts from the audit log, and what each session found.
  const usage = new UsageReader({ file: paths.audit });
  const sessionTools = new SessionTools();
  const activator = createActivator({
    runnerFor,
    contextFor: (skill) =>
      createSkillContext(skill, {
        home,
        config,
        configFile: paths.config,
        env,
        logger: baseLogger,
        redactor,
        auth,
      }),
    special: (skill) =>
      skill.source.kind === 'builtin'
        ? activateBuiltin(() => catalog.current(), { config: () => config, sessions: sessionTools })
        : mcp.activeSkill(skill),
    onDisposeError: (skill, e) =>
      logger.warn({ err: e, skill }, `Skill "${skill}" failed while being unloaded.`),
  });

  const currentSources = (): SkillSource[] =>
    options.skillDir
      ? [{ kind: 'package', dir: resolve(options.skillDir), precedence: 0 }]
      : listSources({
          workspace,
          userHome,
          home,
          ...(options.sources && { extra: options.sources }),
          ...(options.skillFolders && { skillFolders: options.skillFolders }),
          ...(config.sources && { configSources: config.sources }),
        });

  // Reads every source into records (no code runs); publishing is a separate step so an
  // install can load a new generation before the snapshot that serves it goes out.
  const readCatalog = async (first = false) => {
    const sources = currentSources();
    const cache =
      options.scanCache === false
        ? undefined
        : (lastCache = openFolderCache(paths.scanCache, reader(), lastCache));
    const result = await scanSkills({
      sources,
      config,
      configFile: paths.config,
      env,
      ...(options.hostTools !== false && { extraRecords: [builtinSkillRecord()] }),
      ...(cache && { readFolder: cache.read }),
      // The first scan runs in one go: no call can wait on it (the caller awaits the host).
      ...(first && { sliceMs: Infinity }),
    });
    // Written after the snapshot is out, off the scan's clock; close() waits for it.
    if (cache) {
      cacheWrites = cacheWrites.then(() =>
        cache
          .save()
          .catch((e: unknown) =>
            logger.warn(
              { err: e },
              `Could not write the scan cache ${paths.scanCache}; the next start re-reads every skill.`,
            ),
          ),
      );
    }
    // Unchanged skills keep their record object, so their activation (generation) stays.
    return {
      ...result,
      records: await carryOver(
        scanned.records,
        result.records,
        stamps,
        slicer(first ? Infinity : undefined),
      ),
    };
  };

  const stamps = new WeakMap<SkillRecord, string>();
  const publish = (result: ScanResult): CatalogSnapshot => {
    scanned = result;
    return republish();
  };

  // Servers are configured before the first scan so its snapshot lists them; eager ones
  // are up (or failing, with a reason) before the host is handed out.
  // A change a killed process left in the store is finished or undone before the first scan.
  if (options.reconcileInstalls !== false) {
    await settleOnStart({
      store: paths.store,
      state: installState,
      keepGenerations: config.install?.keepGenerations ?? DEFAULT_KEEP_GENERATIONS,
    }).catch((e: unknown) =>
      logger.warn(
        { err: e },
        'Could not settle an interrupted install; `openclaw-skill doctor` says what disagrees.',
      ),
    );
  }
  const eager = mcp.configure(config);
  publish(await readCatalog(true));
  await eager;

  // Rescans and installs run one at a time, in order; each makes a new snapshot version.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(() => {
      if (closed) throw new SkillError('SKILL_UNAVAILABLE', 'The skill host is closed.');
      return fn();
    });
    queue = run.catch(() => undefined);
    return run;
  };
  const rescan = (): Promise<CatalogSnapshot> =>
    exclusive(async () => {
      config = await loadHostConfig(paths.config, options.config);
      const eager = mcp.configure(config);
      const snapshot = publish(await readCatalog());
      await eager;
      events.emit('change', snapshot);
      return snapshot;
    });

  // A generation swap (install/generations.ts): scan, load the changed skills beside the
  // serving ones, then publish; the previous generation drains in the activator.
  const swap = async (expect: readonly SwapExpectation[]) => {
    const scanned = await readCatalog();
    const loaded = await loadGeneration(scanned.records, expect, (r) => activator.activate(r));
    if (!loaded.ok) {
      // Drop whatever was preloaded; the serving snapshot is untouched.
      activator.retain(catalog.current().skills);
      throw loaded.error;
    }
    const snapshot = publish(scanned);
    events.emit('change', snapshot);
    return { snapshot, records: loaded.records };
  };

  // The installer (pacote, npm pack, the lockfile) and, below, the router and the watcher
  // load on first use: `list` or `prompt` in a fresh process needs none of them.
  const installer = once(() =>
    import('./install/installer.js').then(({ createInstaller }) =>
      createInstaller({
        paths,
        config: () => config,
        env,
        cwd: workspace,
        // Each operation notes the shared lockfile it starts from, so a change another host
        // records meanwhile is seen, not overwritten.
        exclusive: (fn) =>
          exclusive(async () => {
            await installState.begin?.();
            return fn();
          }),
        swap,
        state: installState,
        skills: () => catalog.current().skills,
        userHome,
      }),
    ),
  );
  type Installer = Awaited<ReturnType<typeof installer>>;
  const announce = async (
    p: (i: Installer) => Promise<InstallResult | InstallResult[]>,
  ): Promise<InstallResult | InstallResult[]> => {
    const result = await p(await installer());
    for (const r of Array.isArray(result) ? result : [result]) {
      if (r.action !== 'unchanged') events.emit('install', r);
    }
    return result;
  };

  // Several hosts: follow the shared lockfile. Every change any host records, and every
  // reconnect of the feed, reconciles this host's store with it (installer.sync: fetch,
  // check integrity, load a new generation, swap); the first run catches up with what was
  // installed while this host was down. A failed run is retried with backoff
  // (install/follow.ts).
  let feed: InstallFeed | undefined;
  const follower = createFollower({
    sync: async () => (await installer()).sync(),
    onResults: (results) => {
      for (const r of results) events.emit('install', r);
    },
    warn: (obj, line) => logger.warn(obj, line),
    info: (obj, line) => logger.info(obj, line),
    ...(installState.reportFollow && { report: installState.reportFollow }),
    ...(options.followRetry && { retry: options.followRetry }),
  });
  const follow = () => follower.kick();

  const watchers = new Set<{ close(): Promise<void> }>();
  const watch = async (opts: HostWatchOptions = {}) => {
    const sources = currentSources().filter((src) => src.kind !== 'store');
    const { entryFiles, watchRoots } = await import('./watch/watcher.js');
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
      onChange: (changed) => {
        const before = new Set(catalog.current().skills);
        rescan().then(
          (snapshot) => {
            const reloaded = [
              ...new Set(snapshot.skills.filter((r) => !before.has(r)).map((r) => r.name)),
            ].sort();
            events.emit('reload', { paths: changed, reloaded, snapshot });
          },
          (e: unknown) => logger.warn({ err: e }, 'A rescan after a file change failed.'),
        );
      },
      onDegraded: (root, reason) => {
        logger.warn({ root }, `Not watching ${root} (${reason}); rescanning it on an interval.`);
        opts.onDegraded?.(root, reason);
      },
      ...(opts.debounceMs !== undefined && { debounceMs: opts.debounceMs }),
      ...(opts.maxWatchedDirs !== undefined && { maxWatchedDirs: opts.maxWatchedDirs }),
      ...(opts.fallbackIntervalMs !== undefined && { fallbackIntervalMs: opts.fallbackIntervalMs }),
      ...(opts.clock && { clock: opts.clock }),
    });
    const w = {
      close: async () => {
        watchers.delete(w);
        await handle.close();
      },
    };
    watchers.add(w);
    return w;
  };

  const deps: RouterDeps = {
    snapshot: () => catalog.current(),
    activate: (skill) => activator.activate(skill),
    home,
    // A getter: a rescan may load a changed config file.
    get config() {
      return config;
    },
    ...(options.approve && { approve: options.approve }),
    ...(options.beforeCall && { beforeCall: options.beforeCall }),
    logger,
    secretValues,
    runnerOf: (skill) =>
      skill.source.kind === 'mcp'
        ? 'mcp'
        : skill.source.kind === 'builtin'
          ? 'inline'
          : (options.runner?.kind ?? runnerKindFor(skill, config)),
  };
  type Router = ReturnType<typeof import('./router/index.js').createRouter>;
  let router: Router | undefined;
  let routerLoading: Promise<Router> | undefined;
  const loadRouter = () =>
    (routerLoading ??= import('./router/index.js').then(
      ({ createRouter }) => (router = createRouter(deps)),
    ));
  const routed = <T>(run: (r: Router) => Promise<T>): Promise<T> =>
    router ? run(router) : loadRouter().then(run);

  // Lazy servers start on first use: a call naming one of their tools waits for the start.
  const startOne = (name: string): Promise<void> | undefined => {
    const c = mcp.connectionFor(name);
    // One starting already (the prompt or definitions asked for it) is waited for too.
    return c && c.spec.enabled && (c.state === 'stopped' || c.state === 'starting')
      ? c.start()
      : undefined;
  };
  const startFor = (names: readonly string[]): Promise<void> | undefined => {
    let starts: Promise<void>[] | undefined;
    for (const name of names) {
      const start = name.startsWith(MCP_PREFIX) ? startOne(name) : undefined;
      if (start) (starts ??= []).push(start);
    }
    return starts && Promise.all(starts).then(() => undefined);
  };
  const nameOf = (c: ToolCall): string => (typeof c?.name === 'string' ? c.name : '');

  if (installState.subscribe && options.followInstalls !== false) {
    feed = await installState.subscribe(() => void follow());
    await follow();
  }
  // Audit lines also to the shared table (store.auditTable), shipped from the audit file.
  const auditShipper =
    shared && config.store?.auditTable
      ? await import('./pg/audit-table.js').then(({ shipAuditToTable }) =>
          shipAuditToTable(shared.db, paths.audit, origin, {
            onError: (e) =>
              logger.warn({ err: e }, 'Could not ship audit lines to the shared store yet.'),
          }),
        )
      : undefined;

  const promptFor = ({ toolFormat, readTool, ctx, ...opts }: PromptCallOptions = {}) => {
    // What the model is offered includes every MCP server's tools: asking for it starts the
    // servers not started yet (without waiting), and their last known lists stand in meanwhile.
    mcp.startStopped();
    const snapshot = catalog.current();
    const view = ctx ? callerView(snapshot, config, ctx) : undefined;
    return renderPrompt(snapshot, {
      ...opts,
      userHome,
      readTool: readTool ?? (options.hostTools !== false ? hostReadToolName(toolFormat) : 'read'),
      ...(toolFormat && { tokenizer: tokenizerFor(toolFormat) }),
      ...(view && { visible: { key: view.key, shows: view.showsSkill } }),
    });
  };

  return {
    home,
    get config() {
      return config;
    },
    auth,
    get skills() {
      return catalog.current().skills;
    },
    snapshot: () => catalog.current(),
    rescan,
    prompt: promptFor,
    injectSkills: (systemPrompt, opts) => injectSkills(systemPrompt, promptFor(opts).text),
    tools: {
      definitions: (format, opts) => {
        mcp.startStopped();
        return planDefinitions(
          catalog.current(),
          format,
          { config, usage, sessions: sessionTools },
          opts,
        );
      },
    },
    call(call, ctx) {
      const name = nameOf(call);
      const starting = name.startsWith(MCP_PREFIX) ? startOne(name) : undefined;
      // The hot path: a loaded router and nothing to start.
      if (!starting && router) return router.call(call, ctx);
      const go = () => routed((r) => r.call(call, ctx));
      return starting ? starting.then(go) : go();
    },
    callMany(calls, ctx) {
      const starting = Array.isArray(calls) ? startFor(calls.map(nameOf)) : undefined;
      const go = () => routed((r) => r.callMany(calls, ctx));
      return starting ? starting.then(go) : go();
    },
    mcp: {
      servers: () => mcp.status(),
      start: (names) => mcp.start(names),
      ready: (opts) => mcp.ready(opts?.timeoutMs ?? DEFAULT_MCP_READY_MS),
    },
    install: (spec, opts) => announce((i) => i.install(spec, opts)) as Promise<InstallResult>,
    installFrozen: (opts) => announce((i) => i.installFrozen(opts)) as Promise<InstallResult[]>,
    update: (name, opts) => announce((i) => i.update(name, opts)) as Promise<InstallResult[]>,
    remove: async (name, opts = {}) =>
      settleRemovedStorage((await announce((i) => i.remove(name, opts))) as InstallResult, {
        dir: paths.storage(name),
        purge: opts.purge === true,
      }),
    rollback: (name, opts) => announce((i) => i.rollback(name, opts)) as Promise<InstallResult>,
    checkInstalls: async (opts) => (await installer()).check(opts),
    outdated: async () => (await installer()).outdated(),
    watch,
    on: (event, listener) => events.on(event, listener),
    off: (event, listener) => events.off(event, listener),
    async close() {
      if (closed) return;
      closed = true;
      events.clear();
      await Promise.all([...watchers].map((w) => w.close()));
      await feed?.close();
      await follower.close();
      await queue;
      // A router still loading is closed once it is there.
      const closing = routerLoading?.then((r) => r.close());
      await Promise.all([closing, activator.close(), cacheWrites, mcp.close()]);
      await auditShipper?.close();
      await shared?.close();
    },
  };
}

/** Header values and env values given to MCP servers are secrets: never in logs or audit. */
function mcpSecretValues(config: HostConfig): string[] {
  const out: string[] = [];
  for (const s of Object.values(config.mcpServers ?? {})) {
    // An entry that failed its check (a broken server) may hold anything.
    const values = [s?.headers, s?.env].flatMap((m) => (isStringMap(m) ? Object.values(m) : []));
    for (const v of values) {
      if (typeof v !== 'string') continue;
      if (v.length >= 8) out.push(v);
      const token = v.split(' ').pop();
      if (token && token !== v && token.length >= 8) out.push(token);
    }
  }
  return out;
}

const isStringMap = (m: unknown): m is Record<string, unknown> =>
  typeof m === 'object' && m !== null && !Array.isArray(m);
