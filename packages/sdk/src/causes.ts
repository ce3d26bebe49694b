// The one walk over an error's `cause` chain (fetch wraps the system error in `cause`, and the
// SDK's own errors wrap what they caught). Bounded, so a cycle or a deep chain cannot hang it,
// and a getter that throws ends the walk instead of escaping from an error handler.

/** How many links of a cause chain are looked at, the error itself included. */
export const MAX_CAUSES = 5;

/**
 * The error and then each `cause` under it, nearest first; only objects, at most `max`
 * (default 5). A cyclic chain or a `cause` getter that throws ends the walk.
 *
 * Use it to find what a wrapped error holds, such as the system error code of a failed
 * `fetch` (its `TypeError` names ECONNREFUSED or ENOTFOUND only in its `cause`). A skill
 * running in a worker or the sandbox has its thrown error's code and message sent to the host,
 * not its cause chain: name what the chain says in the `SkillError` the tool throws.
 *
 * @example
 * ```ts
 * const code = [...errorCauses(e)].map((c) => (c as { code?: unknown }).code)
 *   .find((c) => typeof c === 'string');
 * ```
 */
export function* errorCauses(error: unknown, max: number = MAX_CAUSES): Generator<object> {
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
