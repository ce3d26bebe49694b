// A skill's console output goes to its logger (redacted, on stderr with the host's logs),
// never to the host's stdout: stdout belongs to the embedding program, the CLI's --json
// output and MCP over stdio.
//
// Inline skills share the host's `console`, so the methods of the global console are
// replaced once by a dispatcher that finds out who is calling. Attribution costs nothing on
// the call path: it happens only when something writes to the console, by looking for a
// registered skill folder in the caller's stack (every module of a skill, and its bundled
// dependencies, live in its folder); failing that, the call scope of a skill that declares
// auth. Console calls of the host itself, and of code that no skill frame leads to, keep
// going where they went.
import { format } from 'node:util';
import type { Logger } from '@openclaw/skill-sdk';
import { currentCallScope } from './call-scope.js';

type Method = 'log' | 'info' | 'debug' | 'warn' | 'error' | 'trace';
const LEVEL: Record<Method, 'info' | 'debug' | 'warn' | 'error'> = {
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
  warn: 'warn',
  error: 'error',
};
const METHODS = Object.keys(LEVEL) as Method[];
/** Frames looked at: enough for a skill calling through a few layers of a library. */
const STACK_FRAMES = 64;
/** A console line longer than this is cut before it reaches the logger and its redactor. */
const MAX_LINE = 64 * 1024;

interface Registration {
  skill: string;
  /** Folder prefixes as they appear in stack frames: paths and file URLs. */
  prefixes: string[];
  logger: Logger;
}

const registrations = new Set<Registration>();
const bySkill = new Map<string, Registration>();
const patched = new WeakSet<Console>();

/**
 * Routes console output of code under `dirs` (or running in `skill`'s call scope) to
 * `logger` until the returned function is called.
 */
export function routeSkillConsole(skill: string, dirs: string[], logger: Logger): () => void {
  installOn(globalThis.console);
  const prefixes = new Set<string>();
  for (const d of dirs) {
    const dir = d.endsWith('/') ? d : `${d}/`;
    prefixes.add(dir);
    prefixes.add(`file://${encodeURI(dir)}`);
  }
  const reg: Registration = { skill, prefixes: [...prefixes], logger };
  registrations.add(reg);
  bySkill.set(skill, reg);
  return () => {
    registrations.delete(reg);
    if (bySkill.get(skill) === reg) bySkill.delete(skill);
  };
}

function installOn(target: Console): void {
  if (patched.has(target)) return;
  patched.add(target);
  for (const method of METHODS) {
    const original = target[method].bind(target) as (...args: unknown[]) => void;
    const dispatch = function (this: unknown, ...args: unknown[]): void {
      const reg = registrations.size === 0 ? undefined : caller(dispatch);
      if (!reg) return original(...args);
      try {
        let line = format(...args);
        if (line.length > MAX_LINE) line = `${line.slice(0, MAX_LINE)}… [cut]`;
        reg.logger[LEVEL[method]]({ console: method }, line);
      } catch {
        // A logger that fails must not turn a skill's console call into an exception.
      }
    };
    target[method] = dispatch;
  }
}

/** The skill whose code made this console call, if any. */
function caller(dispatch: (...args: unknown[]) => void): Registration | undefined {
  const holder: { stack?: string } = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = STACK_FRAMES;
  try {
    Error.captureStackTrace(holder, dispatch);
  } finally {
    Error.stackTraceLimit = limit;
  }
  const stack = holder.stack ?? '';
  let best: Registration | undefined;
  let bestAt = Infinity;
  for (const reg of registrations) {
    for (const prefix of reg.prefixes) {
      const at = stack.indexOf(prefix);
      if (at >= 0 && at < bestAt) {
        best = reg;
        bestAt = at;
      }
    }
  }
  if (best) return best;
  const scope = currentCallScope();
  return scope ? bySkill.get(scope.skill) : undefined;
}
