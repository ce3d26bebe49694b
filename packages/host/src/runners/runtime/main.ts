// The program a worker thread or sandbox process runs: it waits for `activate`, guards the
// network, routes console.* to the host, imports the skill's entry, calls createTools with
// a context that talks to the host, then runs tools as `invoke` messages arrive. An uncaught
// error ends the runner (its state is unknown); the host reports SKILL_CRASHED and starts a
// fresh one on the next call (a sandboxed process reports the error first: uncaught.ts).
// Everything sent to the host goes through the outbox, which refuses a message over the
// host's size limit before it is sent.
import { Socket, type OnReadOpts, type SocketConstructorOpts } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { decodeMessage } from './codec.js';
import { createRemoteContext, currentCall } from './context.js';
import { encodeFrame, frameReader } from './frames.js';
import { guardFolders } from './folder-guard.js';
import { guardNetwork } from './network.js';
import { createOutbox, tooLargeError } from './outbox.js';
import { guardProcess } from './process-guard.js';
import { onUncaught } from './uncaught.js';
import {
  toWireError,
  type ActivateMessage,
  type FromRunner,
  type ToRunner,
  type WireError,
} from './protocol.js';

type Tools = Record<string, (input: unknown, call: object) => unknown>;
interface Definition {
  createTools(ctx: object): Tools | Promise<Tools>;
  dispose?(): unknown;
}

const port = parentPort;
/** A worker talks over its MessagePort; a sandbox process over the pipe the host opened as fd 3. */
let pipe: Socket | undefined;
/** Bytes from the host, read into one reused buffer (see `listen`). */
const READ_BUFFER = 64 * 1024;
/** Large messages move to the host thread instead of being copied. */
const TRANSFER_FROM = 64 * 1024;
/**
 * Set once a sandboxed process reported an uncaught error: its state is unknown, so it sends
 * nothing more and starts nothing the host asks until the host stops it.
 */
let quiet = false;
const out = createOutbox(
  port
    ? (body) => {
        if (typeof body === 'string') return port.postMessage(body);
        const buf = body.buffer;
        const own = buf instanceof ArrayBuffer && body.byteLength === buf.byteLength;
        port.postMessage(body, own && body.length >= TRANSFER_FROM ? [buf] : []);
      }
    : (body, tag) => void (quiet || pipe!.write(encodeFrame(body, tag))),
);
const listen = (receive: (m: ToRunner) => void): void => {
  if (port) return void port.on('message', receive);
  const fn = (m: ToRunner) => void (quiet || receive(m));
  // The host is trusted: its frames are not size-checked here. A v8 body is copied because
  // binary data decoded from it would otherwise point into the reused read buffer.
  const push = frameReader({
    maxBytes: Infinity,
    transient: true,
    frame: (body, { json }) => fn(decodeMessage(json ? body : Buffer.from(body), json) as ToRunner),
    oversized: () => undefined,
  });
  // Node takes `onread` here too, though its types list it for connect() only.
  const options: SocketConstructorOpts & { onread: OnReadOpts } = {
    fd: 3,
    readable: true,
    writable: true,
    onread: {
      buffer: Buffer.alloc(READ_BUFFER),
      callback: (n, buf) => {
        push((buf as Buffer).subarray(0, n));
        return true;
      },
    },
  };
  const channel = new Socket(options);
  pipe = channel;
  // The host went away (or closed the pipe): nothing can reach this runner any more.
  channel.on('close', () => process.exit(0));
  channel.on('error', () => process.exit(0));
};

if (!port) {
  onUncaught((error) => {
    out.send({ t: 'uncaught', error });
    quiet = true;
  });
}

let remote: ReturnType<typeof createRemoteContext> | undefined;
let def: Definition | undefined;
let tools: Tools | undefined;
let scoped = false;
/** Calls in progress, by id: how to abort each (its AbortController is made on demand). */
const running = new Map<number, (reason: Error) => void>();

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function activate(m: ActivateMessage): Promise<void> {
  if (m.maxMessageBytes !== undefined) out.setMaxBytes(m.maxMessageBytes);
  guardProcess(m.skill.name, port !== null);
  if (m.network) guardNetwork(m.skill.name, m.network);
  if (m.folders) guardFolders(m.skill.name, m.folders);
  scoped = m.scoped;
  remote = createRemoteContext(out, m);
  remote.routeConsole();
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(m.entry).href)) as { default?: unknown };
  } catch (e) {
    throw Object.assign(toWireError(e), {
      code: 'SKILL_CRASHED',
      message: `Skill "${m.skill.name}": importing ${m.entry} failed: ${reason(e)}`,
    });
  }
  const d = mod.default as Definition | undefined;
  if (typeof d !== 'object' || d === null || typeof d.createTools !== 'function') {
    throw {
      name: 'SkillError',
      code: 'SKILL_CRASHED',
      message: `Skill "${m.skill.name}": ${m.entry} does not export a skill as its default export (export default defineSkill({ createTools })).`,
    };
  }
  def = d;
  try {
    tools = await d.createTools(remote.ctx);
  } catch (e) {
    throw {
      name: 'SkillError',
      code: 'SKILL_CRASHED',
      message: `Skill "${m.skill.name}": createTools in ${m.entry} threw: ${reason(e)}`,
    };
  }
  if (typeof tools !== 'object' || tools === null) {
    throw {
      name: 'SkillError',
      code: 'SKILL_CRASHED',
      message: `Skill "${m.skill.name}": createTools in ${m.entry} returned no tool map.`,
    };
  }
}

/** Why a result could not be sent, as the call's error. */
function unsendable(tool: string, e: unknown): WireError {
  const err = e as { code?: unknown; details?: { bytes: number; maxBytes: number } };
  if (err.code === 'RESULT_TOO_LARGE' && err.details) {
    const { bytes, maxBytes } = err.details;
    return toWireError(tooLargeError(`The result of ${tool}`, bytes, maxBytes));
  }
  return {
    name: 'Error',
    message: `the tool returned a value that cannot be sent to the host (${reason(e)}); return JSON data`,
  };
}

function result(id: number, tool: string, run: () => unknown): void {
  const done = (msg: FromRunner) => {
    running.delete(id);
    try {
      out.send(msg);
    } catch (e) {
      out.send({ t: 'result', id, ok: false, error: unsendable(tool, e) });
    }
  };
  let p: unknown;
  try {
    p = run();
  } catch (e) {
    return done({ t: 'result', id, ok: false, error: toWireError(e) });
  }
  Promise.resolve(p).then(
    (value) => done({ t: 'result', id, ok: true, value }),
    (e: unknown) => done({ t: 'result', id, ok: false, error: toWireError(e) }),
  );
}

listen((m) => {
  switch (m.t) {
    case 'activate':
      activate(m).then(
        () => out.send({ t: 'ready' }),
        (e: unknown) => out.send({ t: 'failed', error: toWireError(e) }),
      );
      return;
    case 'invoke': {
      const handler = tools && Object.hasOwn(tools, m.tool) ? tools[m.tool] : undefined;
      if (typeof handler !== 'function') {
        out.send({
          t: 'result',
          id: m.id,
          ok: false,
          error: {
            name: 'SkillError',
            code: 'TOOL_NOT_FOUND',
            message: `The skill declares "${m.tool}" in manifest.json but createTools returned no such tool.`,
          },
        });
        return;
      }
      // Created when the tool reads its signal or the call is aborted: most calls do
      // neither, and a controller per call costs more than the rest of the round trip.
      let controller: AbortController | undefined;
      running.set(m.id, (reason) => (controller ??= new AbortController()).abort(reason));
      const call = {
        get signal() {
          return (controller ??= new AbortController()).signal;
        },
        callId: m.callId,
        ...(m.session !== undefined && { session: m.session }),
      };
      result(m.id, m.tool, () =>
        scoped ? currentCall.run(m.callId, () => handler(m.input, call)) : handler(m.input, call),
      );
      return;
    }
    case 'abort': {
      const e = new Error(m.reason.message);
      e.name = m.reason.name;
      running.get(m.id)?.(e);
      return;
    }
    case 'reply':
      remote?.reply(m.id, m.ok, m.ok ? m.value : undefined, m.ok ? undefined : m.error);
      return;
    case 'ping':
      out.send({ t: 'pong', n: m.n });
      return;
    case 'dispose':
      Promise.resolve()
        .then(() => def?.dispose?.())
        .catch(() => undefined)
        .finally(() => {
          out.send({ t: 'disposed' });
          // A worker ends with its thread; a process once the message is flushed.
          if (port) process.exit(0);
          else pipe!.end();
        });
      return;
  }
});
