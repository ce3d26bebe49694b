// The worker runner: the skill's code in a worker_threads thread with its own heap limit.
// It isolates faults (a hang, a crash, running out of memory, process.exit) and makes
// reloads clean (a fresh thread per generation: ESM modules are never evicted from a
// thread). It is not a security boundary: the thread shares the host's process and
// permissions. Code from strangers belongs in the sandbox runner. The runner program posts
// each message as bytes, so the host checks the size before decoding; a skill's own code can
// still post anything to the host thread (that is where it is not a boundary).
import { Worker } from 'node:worker_threads';
import type { SkillContext } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { checkEntry } from './entry-guard.js';
import { activateMessage, networkAllowList, runnerEnv, type Grants } from './grants.js';
import { startRemoteSkill, type ChannelHooks, type RunnerChannel } from './remote.js';
import { runtimeMain } from './runtime-path.js';
import {
  decodeFromRunner,
  GARBLED,
  maxMessageBytes,
  refusedTooLarge,
  type MaxMessageBytes,
  type Refused,
  uncaughtReason,
} from './runner-messages.js';
import { uncaughtWire } from './runtime/uncaught.js';
import type { ActiveSkill, Runner } from './types.js';

export interface WorkerRunnerOptions {
  /** Environment the declared `permissions.env` names are taken from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** What the user granted per skill. */
  grants?: (skill: SkillRecord) => Grants;
  /** Heap limit of a skill's thread (default 128 MB). */
  maxHeapMb?: number;
  /** The largest message the runner program may send the host (default 16 MiB). */
  maxMessageBytes?: MaxMessageBytes;
  hangGraceMs?: number;
  activateTimeoutMs?: number;
  now?: () => number;
}

/** Longest line of a skill's stdout or stderr kept whole. */
export const MAX_LINE_CHARS = 64 * 1024;

/**
 * Forwards a stream's text line by line. A line longer than `maxChars` is cut there with a
 * note and the rest of it skipped, so output without newlines cannot grow the host's memory.
 */
export function lines(
  emit: (line: string) => void,
  maxChars = MAX_LINE_CHARS,
): (chunk: Buffer | string) => void {
  let rest = '';
  let skipping = false;
  return (chunk) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const p of parts) {
      if (skipping) skipping = false;
      else if (p) emit(p);
    }
    if (rest.length > maxChars) {
      if (!skipping) emit(`${rest.slice(0, maxChars)} … (line cut at ${maxChars} characters)`);
      skipping = true;
      rest = '';
    }
  };
}

/** The host's side of the runner program's messages: sized before they are decoded. */
function readMessages(hooks: ChannelHooks, maxBytes: number): (data: unknown) => void {
  let refused = false;
  const refuse = (r: Refused) => {
    refused = true;
    hooks.refused(r);
  };
  return (data) => {
    if (refused) return;
    // JSON text or v8's bytes (runtime/codec.ts). Text is at least one byte per UTF-16 unit.
    const size =
      typeof data === 'string' ? data.length : data instanceof Uint8Array ? data.byteLength : -1;
    if (size < 0) return refuse(GARBLED);
    if (size > maxBytes) return refuse(refusedTooLarge(size, maxBytes));
    const m = decodeFromRunner(data as string | Uint8Array);
    if (m) hooks.message(m);
    else refuse(GARBLED);
  };
}

export function createWorkerRunner(options: WorkerRunnerOptions = {}): Runner {
  const maxHeapMb = options.maxHeapMb ?? 128;
  const launch =
    (skill: SkillRecord, maxBytes: number) =>
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
      // What the thread threw: usually an Error, but a skill may throw any value.
      let error: (Error & { code?: string }) | undefined;
      worker.on('message', readMessages(hooks, maxBytes));
      worker.on('error', (e: Error) => (error = e));
      worker.on('exit', (code) => {
        hooks.exit(
          error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `ran out of memory (its limit is ${maxHeapMb} MB)`
            : error
              ? uncaughtReason(uncaughtWire(error).message)
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
      const maxBytes = maxMessageBytes(options.maxMessageBytes);
      return startRemoteSkill({
        kind: 'worker',
        skill,
        ctx,
        activate: {
          ...activateMessage(skill, entry, networkAllowList(skill, grants, false)),
          maxMessageBytes: maxBytes,
        },
        launch: launch(skill, maxBytes),
        ...(options.hangGraceMs !== undefined && { hangGraceMs: options.hangGraceMs }),
        ...(options.activateTimeoutMs !== undefined && {
          activateTimeoutMs: options.activateTimeoutMs,
        }),
        ...(options.now && { now: options.now }),
      });
    },
  };
}
