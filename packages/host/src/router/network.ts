// Recognising a failed network call in a skill (fetch failed, DNS, connection refused or
// reset, TLS), so the model is told to check connectivity, not its arguments. Node's fetch
// (undici) throws `TypeError: fetch failed` with the system or undici error as `cause`;
// http/https and most clients throw the system error itself. Both carry a `code`.
// The host's own network calls (OAuth logins, token refresh, revocation) report a failure
// with networkError: NETWORK_ERROR naming the host and the cause, with a connectivity hint.
import { errorCauses, SkillError } from '@openclaw/skill-sdk';

const SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'EPROTO',
]);
// undici's own errors (UND_ERR_CONNECT_TIMEOUT, UND_ERR_SOCKET, ...), OpenSSL verification
// failures (CERT_HAS_EXPIRED, UNABLE_TO_VERIFY_LEAF_SIGNATURE, ...) and Node's TLS errors.
const CODE_PATTERN =
  /^(?:UND_ERR_[A-Z_]+|CERT_[A-Z_]+|ERR_TLS_[A-Z_]+|ERR_SSL_[A-Z_]+|UNABLE_TO_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)$/;

/** Whether an error code (a system, undici or TLS code, as npm also prints them) is a network failure. */
export const isNetworkCode = (code: string): boolean =>
  SYSTEM_CODES.has(code) || CODE_PATTERN.test(code);

export interface NetworkFailure {
  /** The system or library error code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, ...). */
  cause: string;
  /** host[:port] when the error says which. */
  host?: string;
}

/** The network failure in an error or its cause chain, if there is one. Never throws. */
export function networkFailure(error: unknown): NetworkFailure | undefined {
  try {
    for (const e of errorCauses(error)) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && isNetworkCode(code)) {
        const host = hostOf(e as Record<string, unknown>);
        return host === undefined ? { cause: code } : { cause: code, host };
      }
    }
  } catch {
    // A hostile getter: not something we can classify.
  }
  return undefined;
}

function hostOf(e: Record<string, unknown>): string | undefined {
  const name = [e.hostname, e.host, e.address].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  if (name === undefined) return undefined;
  const port = typeof e.port === 'number' || typeof e.port === 'string' ? e.port : undefined;
  const shown = name.length > 253 ? name.slice(0, 253) : name;
  return port === undefined || shown.includes(':') ? shown : `${shown}:${port}`;
}

/**
 * NETWORK_ERROR for a call to `url` that never got an answer, or undefined when `error` is
 * something else (an HTTP answer, a bug). `what` names the call ("The device authorization
 * request of google"). Only the URL's host and the error's code are shown: a request's body
 * and query can hold a client secret or a token.
 */
export function networkError(what: string, url: string, error: unknown): SkillError | undefined {
  const net = networkFailure(error) ?? fetchFailure(error);
  if (!net) return undefined;
  let host = net.host;
  try {
    host = new URL(url).host;
  } catch {
    // Not a URL: keep what the error said.
  }
  const where = host ? ` could not reach ${host}` : ' failed';
  return new SkillError('NETWORK_ERROR', `${what}${where} (${net.cause}).`, {
    hint: 'This is a connectivity problem: check the network, proxy, DNS or firewall, and that the service is up, then try again.',
    details: { cause: net.cause, ...(host && { host }) },
  });
}

/** Node's fetch failing without a known code (`TypeError: fetch failed`, cause unnamed). */
function fetchFailure(error: unknown): NetworkFailure | undefined {
  try {
    if (!(error instanceof TypeError) || error.message !== 'fetch failed') return undefined;
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return { cause: code };
    return { cause: cause instanceof Error ? cause.name : 'fetch failed' };
  } catch {
    return undefined;
  }
}
