// The worker runner: the skill's code in a worker_threads thread with its own heap limit.
// It isolates faults (a hang, a crash, running out of memory, process.exit) and makes
// reloads clean (a fresh thread per generation: ESM modules are never evicted from a
// thread). It is not a security boundary: the thread shares the host's process and
// permissions. Code from strangers belongs in the sandbox runner.
import { Worker } from 'node:worker_threads';
import type { SkillContext } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { checkEntry } from './entry-guard.js';
import { activateMessage, networkAllowList, runnerEnv, type Grants } from './grants.js';
import { startRemoteSkill, type ChannelHooks, type RunnerChannel } from './remote.js';
import { runtimeMain } from './runtime-path.js';
import type { FromRunner } from './runtime/protocol.js';
import type { ActiveSkill, Runner } from './types.js';

export interface WorkerRunnerOptions {
  /** Environment the declared `permissions.env` names are taken from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** What the user granted per skill. */
  grants?: (skill: SkillRecord) => Grants;
  /** Heap limit of a skill's thread (default 128 MB). */
  maxHeapMb?: number;
  hangGraceMs?: number;
  activateTimeoutMs?: number;
  now?: () => number;
}

/** Forwards a stream's text line by line. */
export function lines(emit: (line: string) => void): (chunk: Buffer | string) => void {
  let rest = '';
  return (chunk) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const p of parts) if (p) emit(p);
  };
}

export function createWorkerRunner(options: WorkerRunnerOptions = {}): Runner {
  const maxHeapMb = options.maxHeapMb ?? 128;
  const launch =
    (skill: SkillRecord) =>
    (hooks: ChannelHooks): RunnerChannel => {
      const worker = new Worker(runtimeMain(), {
        name: `skill:${skill.name}`,
        env: runnerEnv(skill, options.env ?? process.env),
        // The skill's stdout is not the host's: it may be an MCP stdio channel.
        stdout: true,
        stderr: true,
        execArgv: [],
        resourceLimits: {
          maxOldGenerationSizeMb: maxHeapMb,
          maxYoungGenerationSizeMb: Math.min(32, Math.max(4, maxHeapMb >> 3)),
          stackSizeMb: 4,
        },
      });
      let error: (Error & { code?: string }) | undefined;
      worker.on('message', (m: FromRunner) => hooks.message(m));
      worker.on('error', (e: Error) => (error = e));
      worker.on('exit', (code) => {
        hooks.exit(
          error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `ran out of memory (its limit is ${maxHeapMb} MB)`
            : error
              ? `threw an uncaught error (${error.message})`
              : `exited with code ${code}`,
        );
      });
      worker.stdout.on(
        'data',
        lines((l) => hooks.output('stdout', l)),
      );
      worker.stderr.on(
        'data',
        lines((l) => hooks.output('stderr', l)),
      );
      return {
        post: (m) => worker.postMessage(m),
        kill: () => void worker.terminate(),
      };
    };

  return {
    kind: 'worker',
    async activate(skill: SkillRecord, ctx: SkillContext): Promise<ActiveSkill> {
      const { entry } = await checkEntry(skill);
      const grants = options.grants?.(skill) ?? {};
      return startRemoteSkill({
        kind: 'worker',
        skill,
        ctx,
        activate: activateMessage(skill, entry, networkAllowList(skill, grants, false)),
        launch: launch(skill),
        ...(options.hangGraceMs !== undefined && { hangGraceMs: options.hangGraceMs }),
        ...(options.activateTimeoutMs !== undefined && {
          activateTimeoutMs: options.activateTimeoutMs,
        }),
        ...(options.now && { now: options.now }),
      });
    },
  };
}
