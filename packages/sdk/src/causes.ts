// The one walk over an error's `cause` chain (fetch wraps the system error in `cause`, and the
// SDK's own errors wrap what they caught). Bounded, so a cycle or a deep chain cannot hang it,
// and a getter that throws ends the walk instead of escaping from an error handler.

/** How many links of a cause chain are looked at, the error itself included. */
export const MAX_CAUSES = 5;

/** The error and then each `cause` under it, nearest first; only objects, at most `max`. */
export function* causes(error: unknown, max: number = MAX_CAUSES): Generator<object> {
  let c: unknown = error;
  for (let i = 0; i < max && typeof c === 'object' && c !== null; i++) {
    yield c;
    try {
      c = (c as { cause?: unknown }).cause;
    } catch {
      return;
    }
  }
}
