// Stage 3: rate limits (config.limits.perSession, perTool) and the loop detector. The
// counters survive snapshot swaps and config reloads that leave the limits unchanged.
import { inputDigest, type AuditEntry } from '../audit/index.js';
import type { LimitsConfig } from '../config/schema.js';
import type { Refusal } from './failure.js';
import { DEFAULT_LOOP, LoopDetector, SlidingWindow } from './limits.js';
import type { CallContext } from './types.js';

export const DEFAULT_CONCURRENCY = 8;
const DEFAULT_WINDOW_MS = 60_000;
const NO_LIMITS: LimitsConfig = Object.freeze({});

/** A call that runs, with a note for the model that it is repeating itself. */
export interface LoopWarning {
  warning: string;
}

interface Compiled {
  perSession: SlidingWindow | undefined;
  perTool: SlidingWindow | undefined;
  loop: LoopDetector;
  concurrency: number;
  config: LimitsConfig;
}

export class CallLimits {
  #compiled: Compiled | undefined;
  #key = '';

  /** callMany's concurrency limit. */
  concurrency(config: LimitsConfig | undefined): number {
    return this.#for(config).concurrency;
  }

  /**
   * Counts the call, or refuses it. perSession keys on ctx.sessionId (calls without one share
   * a bucket); perTool is per tool across sessions, as it protects the API behind the tool.
   * The loop detector needs a conversation to loop in, so it runs only with a sessionId,
   * and only on inputs it can read whole (an input it cannot serialise is not compared).
   */
  check(
    config: LimitsConfig | undefined,
    call: LimitedCall,
    entry: AuditEntry,
  ): Refusal | LoopWarning | undefined {
    const { tool, input, ctx } = call;
    const limits = this.#for(config);
    const now = entry.time;
    const session = ctx.sessionId;
    if (limits.perSession) {
      const wait = limits.perSession.take(session ?? '', now);
      if (wait)
        return rateLimited(entry, {
          which: 'perSession',
          waitMs: wait,
          window: limits.config.perSession!,
          scope: 'this session',
        });
    }
    if (limits.perTool) {
      const wait = limits.perTool.take(tool, now);
      if (wait)
        return rateLimited(entry, {
          which: 'perTool',
          waitMs: wait,
          window: limits.config.perTool!,
          scope: tool,
        });
    }
    if (session === undefined) return undefined;
    const digest = inputDigest(input);
    if (digest === undefined) return undefined;
    entry.inputDigest = digest; // the audit prints the same digest
    const count = limits.loop.count(session, tool, digest, now);
    const maxRepeats = limits.config.loop?.maxRepeats ?? DEFAULT_LOOP.maxRepeats;
    const windowMs = limits.config.loop?.windowMs ?? DEFAULT_LOOP.windowMs;
    if (count > 0) {
      const warnAt = limits.config.loop?.warnAt ?? DEFAULT_LOOP.warnAt;
      if (count < warnAt) return undefined;
      return {
        warning: `${tool} was called with the same arguments ${count} times within ${Math.round(windowMs / 1000)} s; at ${maxRepeats} the call is refused. Use the earlier result or change the arguments.`,
      };
    }
    entry.rule = 'config.limits.loop';
    return {
      code: 'LOOP_DETECTED',
      message: `${tool} was called with the same arguments ${maxRepeats} times within ${Math.round(windowMs / 1000)} s; this call was refused to stop a loop.`,
      hint: 'Do not repeat the same call: use the earlier result, change the arguments, or tell the user what is blocking you.',
      details: { maxRepeats, windowMs },
    };
  }

  #for(config: LimitsConfig = NO_LIMITS): Compiled {
    if (this.#compiled && this.#compiled.config === config) return this.#compiled;
    const key = JSON.stringify([config.perSession, config.perTool, config.loop]);
    const concurrency = config.concurrency ?? DEFAULT_CONCURRENCY;
    if (this.#compiled && key === this.#key) {
      // A reload that says the same thing keeps the counters.
      return (this.#compiled = { ...this.#compiled, config, concurrency });
    }
    const window = (w: { calls?: number; windowMs?: number } | undefined) =>
      w?.calls ? new SlidingWindow(w.calls, w.windowMs ?? DEFAULT_WINDOW_MS) : undefined;
    this.#key = key;
    return (this.#compiled = {
      perSession: window(config.perSession),
      perTool: window(config.perTool),
      loop: new LoopDetector(
        config.loop?.maxRepeats ?? DEFAULT_LOOP.maxRepeats,
        config.loop?.windowMs ?? DEFAULT_LOOP.windowMs,
      ),
      concurrency,
      config,
    });
  }
}

/** The call the limits count: its tool, its input (for the loop detector) and its session. */
export interface LimitedCall {
  tool: string;
  input: unknown;
  ctx: CallContext;
}

interface Exceeded {
  which: 'perSession' | 'perTool';
  waitMs: number;
  window: { calls?: number; windowMs?: number };
  /** Who hit the limit, as the message says it. */
  scope: string;
}

function rateLimited(entry: AuditEntry, e: Exceeded): Refusal {
  const { which, waitMs, window, scope } = e;
  const rule = `config.limits.${which}`;
  entry.rule = rule;
  const seconds = Math.ceil(waitMs / 1000);
  return {
    code: 'RATE_LIMITED',
    message: `Too many calls for ${scope}: ${rule} allows ${window.calls} per ${window.windowMs ?? DEFAULT_WINDOW_MS} ms.`,
    hint: `Retry after ${seconds} s (retry-after: ${seconds}); meanwhile work with the results you have.`,
    details: { retryAfterMs: waitMs, rule },
  };
}
