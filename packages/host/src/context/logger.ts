// A skill's logger: a pino child bound to the skill's name that never writes a secret.
// Values under secret-looking keys (anything with token, authorization, apiKey, password,
// secret... in its name) become [REDACTED], and strings go through the host's redactor
// (known secret values and token shapes), in the logged object and in the message.
// pino's own `redact` works on fixed paths only, so the walk is done here; logging is not
// on the call hot path.
import type { Logger as PinoLogger } from 'pino';
import type { Logger } from '@openclaw/skill-sdk';
import { REDACTED, type Redactor } from '../redact/index.js';

const SECRET_KEY =
  /token|authori[sz]ation|api[-_]?key|passw(or)?d|secret|cookie|credential|private[-_]?key/i;
const MAX_DEPTH = 32;

/** A log-safe copy of a value: secret-named keys blanked, strings redacted. */
export function redactForLog(value: unknown, redactor: Redactor): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return redactor.text(v);
    if (typeof v !== 'object' || v === null) return v;
    if (depth > MAX_DEPTH) return '[too deep]';
    if (seen.has(v)) return '[Circular]';
    seen.add(v);
    if (v instanceof Error) {
      return {
        type: v.name,
        message: redactor.text(v.message),
        ...(v.stack && { stack: redactor.text(v.stack) }),
      };
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      out[redactor.text(k)] =
        SECRET_KEY.test(k) && x != null && x !== '' ? REDACTED : walk(x, depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;

/**
 * Wraps a pino logger so everything logged through it is redacted. `redactor` is read on
 * each line, so the host can hand out a new one when a rescan changes the known secrets.
 */
export function redactingLogger(base: PinoLogger, redactor: () => Redactor): Logger {
  const logger = {} as Logger;
  for (const level of LEVELS) {
    logger[level] = (obj: unknown, msg?: string) => {
      if (!base.isLevelEnabled(level)) return;
      const r = redactor();
      const clean = redactForLog(obj, r);
      const message = msg === undefined ? undefined : r.text(String(msg));
      if (typeof clean !== 'object' || clean === null) {
        base[level](message === undefined ? String(clean) : `${String(clean)} ${message}`);
      } else if (obj instanceof Error) {
        base[level]({ err: clean }, message ?? (clean as { message: string }).message);
      } else {
        base[level](clean, message);
      }
    };
  }
  logger.child = (bindings) =>
    redactingLogger(
      base.child(redactForLog(bindings, redactor()) as Record<string, unknown>),
      redactor,
    );
  return logger;
}

/** The logger a skill gets in its SkillContext: bound to `skill`, redacted. */
export function skillLogger(base: PinoLogger, skill: string, redactor: () => Redactor): Logger {
  return redactingLogger(base.child({ skill }), redactor);
}
