// Gmail REST calls through the host's authorized fetch (bearer token for the calling tool's
// scopes, one refresh and retry on 401), and what Google's error answers mean to a model.
// Google's errors are `{"error": {"code", "message", "status", "errors": [{"reason"}]}}`.
import { errorCauses, SkillError, type SkillContext } from '@openclaw/skill-sdk';

export interface GmailConfig {
  apiBaseUrl: string;
  /** Folders the user allows gmail.send to attach files from. */
  attachmentFolders: string[];
  /** Characters of a message body gmail.read returns before cutting it. */
  maxBodyChars: number;
}

interface GoogleError {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string }> };
}

/** The system error code (ECONNREFUSED, ENOTFOUND...) in fetch's `cause` chain. */
function systemCode(e: unknown): string | undefined {
  for (const c of errorCauses(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export type GmailApi = <T>(
  path: string,
  init?: RequestInit & { signal: AbortSignal },
) => Promise<T>;

export function gmailApi(ctx: SkillContext<GmailConfig>, scope: string): GmailApi {
  const base = new URL('/gmail/v1/users/me/', ctx.config.apiBaseUrl);
  return async <T>(path: string, init: RequestInit & { signal: AbortSignal } = {} as never) => {
    const url = new URL(path, base);
    let res: Response;
    try {
      res = await ctx.auth.fetch('google', url, init);
    } catch (e) {
      // SkillErrors (AUTH_REQUIRED naming the scope) and aborts pass through unchanged;
      // a failed connection is named here because a worker or sandbox runner carries only
      // an error's code and message across its boundary, not the cause naming the system error.
      if (init.signal?.aborted || !(e instanceof TypeError)) throw e;
      throw networkError(url, e);
    }
    if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
    throw await apiError(res, scope);
  };
}

function networkError(url: URL, e: unknown): SkillError {
  const code = systemCode(e);
  return new SkillError(
    'NETWORK_ERROR',
    `Gmail could not be reached at ${url.host}${code ? ` (${code})` : ''}.`,
    {
      hint: 'This is a connectivity problem, not a problem with the request: tell the user Gmail cannot be reached, or try again later.',
      details: { host: url.host, ...(code && { cause: code }) },
      cause: e,
    },
  );
}

async function apiError(res: Response, scope: string): Promise<SkillError> {
  const body = (await res.json().catch(() => ({}))) as GoogleError;
  const message = body.error?.message ?? res.statusText;
  const reason = body.error?.errors?.[0]?.reason;
  const details = {
    status: res.status,
    ...(body.error?.status && { googleStatus: body.error.status }),
    ...(reason && { reason }),
  };
  if (res.status === 401) {
    // The host already replaced the token once: the grant itself is no longer accepted.
    return new SkillError(
      'AUTH_REQUIRED',
      `Google did not accept the sign-in for Gmail: ${message}`,
      {
        hint: 'Tell the user to run: openclaw-skill auth login gmail',
        details,
      },
    );
  }
  if (
    res.status === 403 &&
    (reason === 'insufficientPermissions' || body.error?.status === 'PERMISSION_DENIED')
  ) {
    return new SkillError(
      'AUTH_REQUIRED',
      `Google refused: the sign-in lacks the ${scope} permission (${message})`,
      {
        hint: `Tell the user to run: openclaw-skill auth login gmail --scopes ${scope}`,
        details: { ...details, missingScopes: [scope] },
      },
    );
  }
  if (res.status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
    return new SkillError('RATE_LIMITED', `Gmail's rate limit is reached: ${message}`, {
      hint: 'Do not retry now; tell the user and try again in a minute.',
      details: {
        ...details,
        ...(res.headers.get('retry-after') && { retryAfter: res.headers.get('retry-after') }),
      },
    });
  }
  if (res.status === 404) {
    return new SkillError('INVALID_INPUT', `Gmail has no such message or label: ${message}`, {
      hint: 'Use an id returned by gmail.list.',
      details,
    });
  }
  if (res.status === 400) {
    return new SkillError('INVALID_INPUT', `Gmail refused the request: ${message}`, { details });
  }
  return new SkillError('SKILL_ERROR', `Gmail answered HTTP ${res.status}: ${message}`, {
    hint: 'Gmail has a problem of its own; try once more later, or tell the user.',
    details,
  });
}
