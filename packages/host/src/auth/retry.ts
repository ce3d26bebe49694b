// Which token-endpoint failures are worth another try, and how long to wait: the statuses
// RFC 9110 and common practice treat as transient (408, 409, 423, 425, 429, 5xx), with
// exponential backoff and full jitter, honouring Retry-After up to a cap.
export const RETRYABLE_STATUS = (status: number) =>
  status === 408 ||
  status === 409 ||
  status === 423 ||
  status === 425 ||
  status === 429 ||
  status >= 500;

export interface RetryOptions {
  attempts?: number;
  baseMs?: number;
  maxMs?: number;
}

/** Delay before retry number `attempt` (0-based). */
export function backoffMs(attempt: number, opts: RetryOptions = {}, retryAfter?: string): number {
  const max = opts.maxMs ?? 10_000;
  if (retryAfter && /^\d+$/.test(retryAfter)) return Math.min(Number(retryAfter) * 1000, max);
  const base = opts.baseMs ?? 250;
  const ceiling = Math.min(base * 2 ** attempt, max);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
