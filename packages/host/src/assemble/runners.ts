// Which runner runs a skill's code. The inline runner is always there; the worker and
// sandbox runners (worker threads, child processes) load their modules on the first
// activation that needs them, so a host whose skills never run code never loads them.
import type { Logger } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { grantsFor, runnerKindFor } from '../runners/choose.js';
import { folderGrantsResolver } from '../runners/folder-grants.js';
import { createInlineRunner } from '../runners/inline.js';
import type { Runner, RunnerKind } from '../runners/types.js';
import type { HostSettings, LiveConfig } from './settings.js';

/** The runner kind recorded for a call: MCP tools and built-in tools name their own. */
export type CallRunnerKind = RunnerKind | 'mcp';

export interface HostRunnersDeps {
  settings: HostSettings;
  config: LiveConfig;
  logger: Logger;
  /** Runs every code skill (the `runner` option). */
  runner?: Runner;
  maxInlineReloads?: number;
}

/** A runner whose module loads on its first activation, once. */
export function lazyRunner(kind: RunnerKind, load: () => Promise<Runner>): Runner {
  let runner: Promise<Runner> | undefined;
  return {
    kind,
    activate: (skill, ctx) => (runner ??= load()).then((r) => r.activate(skill, ctx)),
  };
}

export class HostRunners {
  readonly #deps: HostRunnersDeps;
  readonly #inline: Runner;
  #worker: Runner | undefined;
  #sandbox: Runner | undefined;

  constructor(deps: HostRunnersDeps) {
    this.#deps = deps;
    this.#inline = createInlineRunner({
      ...(deps.maxInlineReloads !== undefined && { maxReloads: deps.maxInlineReloads }),
      onReloadLimit: (skill, entry, n) =>
        deps.logger.warn(
          { skill, entry },
          `Skill "${skill}" changed but was reloaded ${n} times in this process already; the code loaded last keeps serving. Restart the host to load the change.`,
        ),
    });
  }

  /** The runner a code skill activates in (the `runner` option wins over config). */
  runnerFor(skill: SkillRecord): Runner {
    if (this.#deps.runner) return this.#deps.runner;
    return this.#byKind(runnerKindFor(skill, this.#deps.config.current));
  }

  /** What a call's audit line and metadata name as its runner. */
  kindOf(skill: SkillRecord): CallRunnerKind {
    if (skill.source.kind === 'mcp') return 'mcp';
    if (skill.source.kind === 'builtin') return 'inline';
    return this.#deps.runner?.kind ?? runnerKindFor(skill, this.#deps.config.current);
  }

  #byKind(kind: RunnerKind): Runner {
    if (kind === 'inline') return this.#inline;
    if (kind === 'worker') {
      return (this.#worker ??= lazyRunner('worker', () =>
        import('../runners/worker.js').then((m) => m.createWorkerRunner(this.#isolated())),
      ));
    }
    return (this.#sandbox ??= lazyRunner('sandbox', () =>
      import('../runners/sandbox.js').then((m) => m.createSandboxRunner(this.#isolated())),
    ));
  }

  /** What the isolating runners read when they start a skill. */
  #isolated() {
    const { settings, config } = this.#deps;
    return {
      env: settings.env,
      grants: (skill: SkillRecord) => grantsFor(skill, config.current),
      storageDir: (skill: SkillRecord) => settings.paths.storage(skill.name),
      folders: folderGrantsResolver(() => config.current, {
        hostHome: settings.home,
        userHome: settings.userHome,
        configFile: settings.paths.config,
      }),
      // Read when a runner starts, so a changed config applies to the next one.
      maxMessageBytes: () => config.current.limits?.maxMessageBytes,
    };
  }
}
