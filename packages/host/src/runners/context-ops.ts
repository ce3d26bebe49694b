// What the host does with a skill's context requests from a worker or sandbox runner: each
// operation is the host-side SkillContext's own method (the router's call scope is entered
// by the caller), and log lines go to the skill's redacting logger.
import { SkillError, type SkillContext } from '@openclaw/skill-sdk';
import type { FromRunner } from './runtime/protocol.js';

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error']);

// async: a method that throws synchronously still becomes a rejection (a reply), never an
// exception in the host's message handler.
export async function contextOp(ctx: SkillContext, op: string, args: unknown[]): Promise<unknown> {
  const [a, b] = args;
  switch (op) {
    case 'auth.token':
      return ctx.auth.getAccessToken(String(a), b as { scopes?: string[] } | undefined);
    case 'secrets.get':
      return ctx.secrets.get(String(a));
    case 'storage.get':
      return ctx.storage.get(a as string);
    case 'storage.set':
      return ctx.storage.set(a as string, b);
    case 'storage.delete':
      return ctx.storage.delete(a as string);
    case 'storage.keys':
      return ctx.storage.keys(a as string | undefined);
    default:
      throw new SkillError('INVALID_INPUT', `Unknown context operation "${op}".`);
  }
}

export function logFromRunner(ctx: SkillContext, m: Extract<FromRunner, { t: 'log' }>): void {
  if (!LEVELS.has(m.level)) return;
  try {
    let logger = ctx.logger;
    for (const b of m.bindings) logger = logger.child(b);
    logger[m.level](m.obj, m.msg);
  } catch {
    // A malformed log line from the skill is not worth failing anything for.
  }
}
