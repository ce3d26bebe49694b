// The messages between the host and a worker or sandbox runner. Plain data only, in v8's
// structured-clone format (a worker's MessagePort; length-prefixed frames on a pipe for a
// sandbox, see frames.ts), so inputs and results keep Dates, Maps and binary data as inline
// skills see them. What a runner sends is bounded: `maxMessageBytes` per message.
//
// This folder runs inside the runner: it imports Node's built-ins only, so a sandboxed
// process needs read access to nothing of the host's but these files.

/** What the runner needs to load a skill, sent once when it starts. */
export interface ActivateMessage {
  t: 'activate';
  skill: { name: string; version: string; dir: string };
  /** Absolute path of the module to import (already checked to be inside the package). */
  entry: string;
  config: Readonly<Record<string, unknown>>;
  /**
   * Track the call each piece of code runs for (the skill declares auth). AsyncLocalStorage
   * turns on promise hooks on Node 20, a cost every call of the runner would pay otherwise.
   */
  scoped: boolean;
  /** Hosts the skill may reach (`permissions.network`); undefined means not restricted. */
  network?: readonly string[];
  /** The largest message the runner may send the host (default DEFAULT_MAX_MESSAGE_BYTES). */
  maxMessageBytes?: number;
  /**
   * Sandbox only: the folders the user granted (real paths). A path inside one is followed to
   * where it really leads before Node checks it (folder-guard.ts).
   */
  folders?: readonly string[];
}

export type ToRunner =
  | ActivateMessage
  | { t: 'invoke'; id: number; tool: string; input: unknown; callId: string; session?: string }
  | { t: 'abort'; id: number; reason: WireError }
  | { t: 'reply'; id: number; ok: true; value: unknown }
  | { t: 'reply'; id: number; ok: false; error: WireError }
  | { t: 'ping'; n: number }
  | { t: 'dispose' };

/** Context operations a skill's code asks the host for. */
export type ContextOp =
  'auth.token' | 'secrets.get' | 'storage.get' | 'storage.set' | 'storage.delete' | 'storage.keys';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export type FromRunner =
  | { t: 'ready' }
  | { t: 'failed'; error: WireError }
  | { t: 'result'; id: number; ok: true; value: unknown }
  | { t: 'result'; id: number; ok: false; error: WireError }
  | { t: 'ctx'; id: number; op: ContextOp; args: unknown[]; callId?: string }
  | {
      t: 'log';
      level: LogLevel;
      bindings: Record<string, unknown>[];
      obj: unknown;
      msg?: string;
    }
  | { t: 'pong'; n: number }
  | { t: 'disposed' }
  /** A sandboxed skill threw outside a call; the runner sends nothing after it. */
  | { t: 'uncaught'; error: WireError };

/** An error as data: SkillError's fields, or a plain error's name and message. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  hint?: string;
  details?: Record<string, unknown>;
  /** Node's permission model names what was refused (e.g. FileSystemRead). */
  permission?: string;
  resource?: string;
  /**
   * Where a network error went (Node's system errors and undici's carry these), and the
   * error's cause chain, so the host can tell a failed fetch (NETWORK_ERROR) from a bug.
   */
  hostname?: string;
  host?: string;
  address?: string;
  port?: number | string;
  cause?: WireError;
}

/** Causes carried across: enough for fetch's `TypeError -> cause` chain, never unbounded. */
const MAX_CAUSE_DEPTH = 4;

export function toWireError(e: unknown, depth = 0): WireError {
  if (typeof e !== 'object' || e === null) return { name: 'Error', message: String(e) };
  const err = e as Partial<WireError> & { name?: unknown; message?: unknown };
  const out: WireError = {
    name: typeof err.name === 'string' ? err.name : 'Error',
    message: typeof err.message === 'string' ? err.message : String(e),
  };
  if (typeof err.code === 'string') out.code = err.code;
  if (typeof err.hint === 'string') out.hint = err.hint;
  if (typeof err.permission === 'string') out.permission = err.permission;
  if (typeof err.resource === 'string') out.resource = err.resource;
  for (const key of ['hostname', 'host', 'address'] as const) {
    if (typeof err[key] === 'string') out[key] = err[key];
  }
  if (typeof err.port === 'number' || typeof err.port === 'string') out.port = err.port;
  if (depth < MAX_CAUSE_DEPTH && typeof err.cause === 'object' && err.cause !== null) {
    out.cause = toWireError(err.cause, depth + 1);
  }
  if (typeof err.details === 'object' && err.details !== null) {
    try {
      out.details = structuredClone(err.details);
    } catch {
      // Details that cannot be cloned are dropped; the message still says what failed.
    }
  }
  return out;
}
