// The sandbox runner: the skill's code in a child process under Node's permission model
// (`--experimental-permission` on Node 20). It may read only its own package, its
// dependencies (sandbox-paths.ts says which) and the runner program; write only its storage
// folder, and only when its manifest asks for `fs: "write"`; start no child processes,
// workers or native addons unless its manifest declares them and the user granted them. Node
// 20 does not restrict the network: the runner patches the JavaScript network entry points
// instead (runtime/network.ts).
// What this cannot stop is in docs/isolation.md.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { Socket } from 'node:net';
import type { SkillContext } from '@openclaw/skill-sdk';
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { checkEntry } from './entry-guard.js';
import { activateMessage, networkAllowList, runnerEnv, type Grants } from './grants.js';
import { startRemoteSkill, type ChannelHooks, type RunnerChannel } from './remote.js';
import {
  decodeFromRunner,
  GARBLED,
  maxMessageBytes,
  refusedTooLarge,
  type MaxMessageBytes,
  type Refused,
} from './runner-messages.js';
import { runtimeDir, runtimeMain } from './runtime-path.js';
import { encodeMessage } from './runtime/codec.js';
import { encodeFrame, frameReader } from './runtime/frames.js';
import type { FolderGrants } from './folder-grants.js';
import { readGrants } from './sandbox-paths.js';
import type { ActiveSkill, Runner } from './types.js';
import { lines } from './worker.js';

export interface SandboxRunnerOptions {
  env?: NodeJS.ProcessEnv;
  grants?: (skill: SkillRecord) => Grants;
  /** The skill's storage folder (its only writable place, with `permissions.fs: "write"`). */
  storageDir?: (skill: SkillRecord) => string;
  /** Folders the user granted the skill (real paths; folder-grants.ts checks them). */
  folders?: (skill: SkillRecord) => Promise<FolderGrants>;
  /** Heap limit of a skill's process (default 128 MB). */
  maxHeapMb?: number;
  /** The largest message a skill's process may send the host (default 16 MiB). */
  maxMessageBytes?: MaxMessageBytes;
  hangGraceMs?: number;
  activateTimeoutMs?: number;
  now?: () => number;
}

interface Capabilities {
  childProcess?: boolean;
  workerThreads?: boolean;
  addons?: boolean;
}

/** Node's flags for a skill's process. Exported for the tests and docs. */
export function sandboxFlags(opts: {
  reads: readonly string[];
  writes: readonly string[];
  capabilities: Capabilities;
  maxHeapMb: number;
}): string[] {
  const flags = ['--experimental-permission', '--disable-warning=ExperimentalWarning'];
  for (const p of opts.reads) flags.push(`--allow-fs-read=${p}`);
  for (const p of opts.writes) flags.push(`--allow-fs-write=${p}`);
  if (opts.capabilities.childProcess) flags.push('--allow-child-process');
  if (opts.capabilities.workerThreads) flags.push('--allow-worker');
  if (opts.capabilities.addons) flags.push('--allow-addons');
  flags.push(`--max-old-space-size=${opts.maxHeapMb}`);
  return flags;
}

interface ProcessSpec {
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  dir: string;
  maxHeapMb: number;
  /** The largest frame read from the process. */
  maxBytes: number;
}

function exitReason(
  code: number | null,
  signal: NodeJS.Signals | null,
  spawnError: Error | undefined,
  maxHeapMb: number,
): string {
  if (spawnError && code === null && signal === null) {
    return `could not start (${spawnError.message})`;
  }
  if (signal === 'SIGABRT' || code === 134) {
    return `ran out of memory or aborted (its heap limit is ${maxHeapMb} MB)`;
  }
  return signal ? `was ended by ${signal}` : `exited with code ${code}`;
}

/**
 * Starts the runner program in a child process. Messages go both ways as frames on a pipe
 * that the child sees as fd 3 (not Node's IPC channel, which buffers a message of any size
 * before handing it over): a frame announcing more than `maxBytes` is refused from its
 * header, and the pipe is dropped before its body is read.
 */
function launchProcess(spec: ProcessSpec, hooks: ChannelHooks): RunnerChannel {
  const child = spawn(process.execPath, [...spec.execArgv, runtimeMain()], {
    env: spec.env,
    cwd: spec.dir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const pipe = child.stdio[3] as Socket;
  let exited = false;
  let spawnError: Error | undefined;
  const refuse = (r: Refused) => {
    pipe.destroy();
    hooks.refused(r);
  };
  pipe.on(
    'data',
    frameReader({
      maxBytes: spec.maxBytes,
      frame: (body, { json }) => {
        const m = decodeFromRunner(json ? body.toString('utf8') : body);
        if (!m) {
          refuse(GARBLED);
          return false;
        }
        hooks.message(m);
        return true;
      },
      oversized: (bytes, tag) => refuse(refusedTooLarge(bytes, spec.maxBytes, tag)),
    }),
  );
  // Writing to a process that just died fails here; its `exit` says what happened.
  pipe.on('error', () => undefined);
  child.on('error', (e) => {
    spawnError ??= e;
  });
  child.on('exit', (code, signal) => {
    exited = true;
    hooks.exit(exitReason(code, signal, spawnError, spec.maxHeapMb));
  });
  child.stdout?.on(
    'data',
    lines((l) => hooks.output('stdout', l)),
  );
  child.stderr?.on(
    'data',
    lines((l) => hooks.output('stderr', l)),
  );
  return {
    post: (m) => {
      if (!exited && !pipe.destroyed) pipe.write(encodeFrame(encodeMessage(m), 0));
    },
    kill: () => {
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** A capability is on only when the manifest declares it and the user granted it. */
function capabilities(skill: SkillRecord, grants: Grants): Capabilities {
  const declared = skill.manifest?.permissions ?? {};
  return {
    childProcess: declared.childProcess === true && grants.childProcess === true,
    workerThreads: declared.workerThreads === true && grants.workerThreads === true,
    addons: declared.addons === true && grants.addons === true,
  };
}

export function createSandboxRunner(options: SandboxRunnerOptions = {}): Runner {
  const maxHeapMb = options.maxHeapMb ?? 128;
  return {
    kind: 'sandbox',
    async activate(skill: SkillRecord, ctx: SkillContext): Promise<ActiveSkill> {
      const { dir, entry } = await checkEntry(skill);
      const grants = options.grants?.(skill) ?? {};
      const reads = [runtimeDir(), ...(await readGrants(skill, dir))];
      const folders = (await options.folders?.(skill)) ?? { read: [], write: [] };
      reads.push(...folders.read, ...folders.write);
      const writes: string[] = [...folders.write];
      const fs = skill.manifest?.permissions?.fs ?? 'none';
      if (fs !== 'none') {
        const storage = options.storageDir?.(skill);
        if (!storage) {
          throw new SkillError(
            'SKILL_UNAVAILABLE',
            `Skill "${skill.name}" asks for file access to its storage, which this host has not set up.`,
          );
        }
        await mkdir(storage, { recursive: true, mode: 0o700 });
        reads.push(storage);
        if (fs === 'write') writes.push(storage);
      }
      const execArgv = sandboxFlags({
        reads,
        writes,
        capabilities: capabilities(skill, grants),
        maxHeapMb,
      });
      const env = runnerEnv(skill, options.env ?? process.env);
      const proc = { execArgv, env, dir, maxHeapMb };
      const maxBytes = maxMessageBytes(options.maxMessageBytes);
      return startRemoteSkill({
        kind: 'sandbox',
        skill,
        ctx,
        activate: {
          ...activateMessage(skill, entry, networkAllowList(skill, grants, true)),
          maxMessageBytes: maxBytes,
          ...(folders.read.length + folders.write.length > 0 && {
            folders: [...folders.read, ...folders.write],
          }),
        },
        launch: (hooks) => launchProcess({ ...proc, maxBytes }, hooks),
        ...(options.hangGraceMs !== undefined && { hangGraceMs: options.hangGraceMs }),
        ...(options.activateTimeoutMs !== undefined && {
          activateTimeoutMs: options.activateTimeoutMs,
        }),
        ...(options.now && { now: options.now }),
      });
    },
  };
}
