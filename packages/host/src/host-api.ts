// The host's public shape: the options `createSkillHost` takes and the object it returns.
import type { OutdatedEntry } from './install/outdated.js';
import type { AuthManagerOptions } from './auth/manager.js';
import type { HostAuth } from './auth/public.js';
import type { DefinitionsOptions, ToolDefinitionList } from './budget/index.js';
import type { CatalogSnapshot, SkillRecord } from './catalog/types.js';
import type { HostConfig } from './config/schema.js';
import type { HostEvents } from './events.js';
import type { ToolFormat } from './formats/index.js';
import type { FollowRetry } from './install/follow.js';
import type { InstallCheck } from './install/installer.js';
import type {
  InstallOptions,
  InstallResult,
  RemoveOptions,
  RollbackOptions,
} from './install/types.js';
import type { Backoff, McpServerStatus, Schedule } from './mcp-client/index.js';
import type { PromptResult } from './prompt/index.js';
import type { BeforeCallHook } from './router/before-call.js';
import type { ApprovalHandler, CallContext, CallResult, ToolCall } from './router/types.js';
import type { Runner } from './runners/types.js';
import type { PromptCallOptions } from './assemble/prompt.js';
import type { HostWatchOptions } from './assemble/watch.js';
import type { Logger as PinoLogger } from 'pino';

export type { PromptCallOptions, HostWatchOptions };

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

export interface SkillHost {
  readonly home: string;
  /** The effective host config (file merged with the `config` option). */
  readonly config: HostConfig;
  /** OAuth grants, tokens and API keys (`auth login`, `auth status`). */
  readonly auth: HostAuth;
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
