// A sandboxed process whose skill throws outside a call (from a timer, or in a promise nobody
// handles) would die with Node's exit code 1 and the stack on stderr, and the calls in flight
// could only say "exited with code 1". Instead the process tells the host what was thrown and
// goes quiet; the host reads that before the process ends (it is the host that stops it), so
// the calls' error names the thrown error. A worker's thread needs none of this: its `error`
// event carries the thrown error to the host.
import type { WireError } from './protocol.js';

/** Characters of a thrown message carried to the host: enough to say why, bounded. */
export const MAX_UNCAUGHT_CHARS = 4096;

/** A thrown message as carried and shown: cut at MAX_UNCAUGHT_CHARS. */
export const cutUncaught = (message: string): string =>
  message.length > MAX_UNCAUGHT_CHARS ? `${message.slice(0, MAX_UNCAUGHT_CHARS)}…` : message;

/** The thrown value's name and message, read without trusting its getters, and cut. */
export function uncaughtWire(e: unknown): WireError {
  let name = 'Error';
  let message: string;
  try {
    const err = e as { name?: unknown; message?: unknown };
    const isObject = typeof e === 'object' && e !== null;
    if (isObject && typeof err.name === 'string') name = err.name;
    message = isObject && typeof err.message === 'string' ? err.message : String(e);
  } catch {
    message = 'a value whose message could not be read';
  }
  return { name, message: cutUncaught(message) };
}

/**
 * Reports the first uncaught error (an unhandled rejection arrives here too: Node raises it as
 * an uncaught exception when nothing listens for `unhandledRejection`). The stack still goes to
 * stderr, as Node would print it, for the host's log. If the report cannot be sent, the process
 * ends as Node would have ended it.
 */
export function onUncaught(report: (error: WireError) => void): void {
  let reported = false;
  process.on('uncaughtException', (e) => {
    if (reported) return;
    reported = true;
    try {
      process.stderr.write(`${stackOf(e)}\n`);
      report(uncaughtWire(e));
    } catch {
      process.exit(1);
    }
  });
}

function stackOf(e: unknown): string {
  try {
    return e instanceof Error && typeof e.stack === 'string' ? e.stack : String(e);
  } catch {
    return 'Uncaught error';
  }
}
