// What a worker or sandbox runner sends, as the host reads it. The runner runs a stranger's
// code, so nothing it sends is trusted: a message is decoded only after its size was checked
// against the limit, and handed on only if it has the protocol's shape. Anything else stops
// the runner (the next call starts a fresh one).
import { deserialize } from 'node:v8';
import { SkillError } from '@openclaw/skill-sdk';
import { DEFAULT_MAX_MESSAGE_BYTES } from './runtime/frames.js';
import type { FromRunner } from './runtime/protocol.js';
import { cutUncaught } from './runtime/uncaught.js';

/** The limit as runner options take it: a number, or read from the host config when used. */
export type MaxMessageBytes = number | (() => number | undefined);

export function maxMessageBytes(option: MaxMessageBytes | undefined): number {
  return (typeof option === 'function' ? option() : option) ?? DEFAULT_MAX_MESSAGE_BYTES;
}

/** The message in `body` (JSON text, or v8's bytes), or undefined when it is not one. */
export function decodeFromRunner(body: Uint8Array | string): FromRunner | undefined {
  let m: unknown;
  try {
    m = typeof body === 'string' ? JSON.parse(body) : deserialize(body);
  } catch {
    return undefined;
  }
  return typeof m === 'object' && m !== null && typeof (m as { t?: unknown }).t === 'string'
    ? (m as FromRunner)
    : undefined;
}

/**
 * Completes "Skill X ..." for a runner ended by an error its skill threw outside a call. The
 * text is the skill's own (the router redacts it like any error text); a long one is cut
 * here too, since a sandboxed process's report is untrusted.
 */
export function uncaughtReason(message: string): string {
  return `threw an uncaught error (${cutUncaught(message)})`;
}

/** A message the host did not read; the runner is stopped for it. */
export interface Refused {
  /** Completes "Skill X's runner ...". */
  why: string;
  /** Over the limit: its announced size, and the call it said it answers (0: none). */
  tooLarge?: { bytes: number; maxBytes: number; id: number };
}

export const GARBLED: Refused = {
  why: 'sent a message the host cannot read, so it was stopped',
};

export function refusedTooLarge(bytes: number, maxBytes: number, id = 0): Refused {
  return {
    why: `sent a message of ${bytes} bytes, over the ${maxBytes}-byte limit (limits.maxMessageBytes), so it was stopped`,
    tooLarge: { bytes, maxBytes, id },
  };
}

/** The error the call gets whose result the host refused to read. */
export function resultTooLarge(opts: {
  skill: string;
  tool: string;
  bytes: number;
  maxBytes: number;
}): SkillError {
  return new SkillError(
    'RESULT_TOO_LARGE',
    `The result of ${opts.tool} from skill "${opts.skill}" was announced as ${opts.bytes} bytes, over the ${opts.maxBytes}-byte limit on one message from a runner; the host did not read it and replaced the skill's runner.`,
    {
      hint: 'Ask for less (a page or a summary), or raise limits.maxMessageBytes in the host config.json.',
      details: { bytes: opts.bytes, maxBytes: opts.maxBytes },
    },
  );
}
