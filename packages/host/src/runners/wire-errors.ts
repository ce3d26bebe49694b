// Errors that come back from a runner as data (runtime/protocol.ts) become what the router
// understands: a SkillError with its stable code, or a plain error for SKILL_ERROR. A refusal
// by Node's permission model becomes POLICY_DENIED naming what was refused.
import { ERROR_CODES, SkillError, type ErrorCode } from '@openclaw/skill-sdk';
import type { WireError } from './runtime/protocol.js';

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

const WHAT: Record<string, string> = {
  FileSystemRead: 'reading',
  FileSystemWrite: 'writing',
  ChildProcess: 'starting a child process',
  WorkerThreads: 'starting a worker thread',
  Addons: 'loading a native addon',
};

export function fromWire(skill: string, w: WireError): Error {
  if (w.code === 'ERR_ACCESS_DENIED') {
    const what = (w.permission && WHAT[w.permission]) ?? 'an operation';
    const target = w.resource ? ` ${w.resource}` : '';
    return new SkillError(
      'POLICY_DENIED',
      `Skill "${skill}" was denied ${what}${target}: its sandbox allows only its own package, its dependencies and what its manifest declares and you granted.`,
      { details: { permission: w.permission ?? 'unknown' } },
    );
  }
  if (w.code !== undefined && KNOWN.has(w.code)) {
    return new SkillError(w.code as ErrorCode, w.message, {
      ...(w.hint !== undefined && { hint: w.hint }),
      ...(w.details !== undefined && { details: w.details }),
    });
  }
  return plainError(w);
}

/** A plain error keeping the code, network fields and cause chain the router classifies. */
function plainError(w: WireError): Error {
  const e = new Error(w.message, ...(w.cause ? [{ cause: plainError(w.cause) }] : [])) as Error &
    Partial<Pick<WireError, 'code' | 'hostname' | 'host' | 'address' | 'port'>>;
  e.name = w.name;
  if (w.code !== undefined) e.code = w.code;
  for (const key of ['hostname', 'host', 'address', 'port'] as const) {
    if (w[key] !== undefined) Object.assign(e, { [key]: w[key] });
  }
  return e;
}
