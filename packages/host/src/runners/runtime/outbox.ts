// Everything the runner sends the host goes out here: each message is encoded once (JSON, or
// v8's structured-clone format when JSON would change it; codec.ts), measured, and handed to
// the transport. A message over the host's limit is never sent: the host would refuse it and
// stop the runner, so the runner refuses it first with RESULT_TOO_LARGE, which the skill's
// call (or its context request) gets instead.
import { encodedBytes, encodeMessage, type Encoded } from './codec.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './frames.js';
import type { Outbox } from './context.js';
import type { FromRunner } from './protocol.js';

/** Sends one encoded message; `tag` is the call id a result answers, 0 otherwise. */
export type WriteMessage = (body: Encoded, tag: number) => void;

export interface SizedOutbox extends Outbox {
  /** The host's limit, from the activate message. */
  setMaxBytes(bytes: number): void;
}

export interface TooLargeError extends Error {
  code: 'RESULT_TOO_LARGE';
  hint: string;
  details: { bytes: number; maxBytes: number };
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

/**
 * `what` starts the sentence: "The result of weather.forecast", "A storage.set request".
 * `bytes` is -1 when the value was too large to encode at all (past V8's string or buffer
 * limits).
 */
export function tooLargeError(what: string, bytes: number, maxBytes: number): TooLargeError {
  const size = bytes < 0 ? 'too large to encode' : `${mib(bytes)} (${bytes} bytes) as sent`;
  const e = new Error(
    `${what} is ${size}, over the ${mib(maxBytes)} (${maxBytes} bytes) limit on one message from a skill's runner to the host.`,
  ) as TooLargeError;
  e.name = 'SkillError';
  e.code = 'RESULT_TOO_LARGE';
  e.hint =
    'Return less (a page, a summary, or a key to data kept in ctx.storage), or raise limits.maxMessageBytes in the host config.json.';
  e.details = { bytes, maxBytes };
  return e;
}

const describe = (m: FromRunner): string =>
  m.t === 'result' ? 'The result' : m.t === 'ctx' ? `A ${m.op} request` : `A "${m.t}" message`;

/** RangeError: a string or buffer past V8's limits. Anything else cannot be cloned at all. */
function encode(m: FromRunner, maxBytes: number): Encoded {
  try {
    return encodeMessage(m);
  } catch (e) {
    if (e instanceof RangeError) throw tooLargeError(describe(m), -1, maxBytes);
    throw e;
  }
}

export function createOutbox(write: WriteMessage): SizedOutbox {
  let maxBytes = DEFAULT_MAX_MESSAGE_BYTES;
  return {
    setMaxBytes(bytes) {
      maxBytes = bytes;
    },
    send(m) {
      const body = encode(m, maxBytes);
      // A JSON text's UTF-8 size is at most 3 bytes per UTF-16 unit: count only when it matters.
      const size = typeof body === 'string' && body.length * 3 <= maxBytes ? 0 : encodedBytes(body);
      if (size > maxBytes) throw tooLargeError(describe(m), size, maxBytes);
      write(body, m.t === 'result' ? m.id : 0);
    },
  };
}
