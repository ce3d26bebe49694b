// Browser sessions of the dashboard. The control token is handed over once
// (in the URL fragment, read by the page and sent as a bearer token to POST /api/session) and
// traded for a random session id in an HttpOnly, SameSite=Strict cookie; the session's CSRF
// token is returned in the body and must come back in a header on every state-changing
// request, which a page on another site can neither read nor set. Sessions live in memory:
// a restarted serve (which also has a new control token) signs every browser out.
import { randomBytes } from 'node:crypto';
import { tokenMatches, type Refusal } from './guard.js';

export const CSRF_HEADER = 'x-openclaw-csrf';

/** What `/api/session` answers a signed-in browser: the CSRF token its requests carry. */
export interface SessionReply {
  csrf: string;
}

interface Session {
  csrf: string;
  createdAt: number;
}

export interface DashboardSessions {
  /** The cookie's name: per port, as browsers send loopback cookies to every port. */
  readonly cookieName: string;
  create(): { id: string; csrf: string };
  /** The session a Cookie header names, if any. */
  find(cookieHeader: string | undefined): ({ id: string } & Session) | undefined;
  setCookie(id: string): string;
  clearCookie(): string;
  size(): number;
}

/** The value of one cookie in a Cookie header (RFC 6265 pairs, first match wins). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function createDashboardSessions(port: () => number, max = 64): DashboardSessions {
  const sessions = new Map<string, Session>();
  const name = () => `openclaw_dashboard_${port()}`;
  return {
    get cookieName() {
      return name();
    },
    create() {
      const id = randomBytes(32).toString('base64url');
      const csrf = randomBytes(32).toString('base64url');
      sessions.set(id, { csrf, createdAt: Date.now() });
      // Bounded: the oldest browser session goes first.
      while (sessions.size > max) sessions.delete(sessions.keys().next().value!);
      return { id, csrf };
    },
    find(cookieHeader) {
      const id = cookieValue(cookieHeader, name());
      if (!id) return undefined;
      // Constant-time over the candidates, as for the token.
      for (const [key, s] of sessions) if (tokenMatches(id, key)) return { id: key, ...s };
      return undefined;
    },
    setCookie: (id) => `${name()}=${id}; HttpOnly; SameSite=Strict; Path=/`,
    clearCookie: () => `${name()}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`,
    size: () => sessions.size,
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request that came with the session cookie instead of the bearer token: reads pass; a
 * state-changing request needs a same-origin Origin header (the gate already refused other
 * origins; here a missing one is refused too) and the session's CSRF token in its header.
 */
export function checkSessionRequest(
  req: { method: string; origin: string | undefined; csrf: string | undefined },
  session: { csrf: string },
): Refusal | undefined {
  if (!STATE_CHANGING.has(req.method)) return undefined;
  if (req.origin === undefined) {
    return {
      status: 403,
      code: 'ORIGIN_REFUSED',
      message: 'A dashboard request that changes something must carry an Origin header.',
      hint: 'Use the dashboard page itself; open it with `openclaw-skill dashboard`.',
    };
  }
  if (!tokenMatches(req.csrf, session.csrf)) {
    return {
      status: 403,
      code: 'CSRF_REFUSED',
      message: `The request lacks the dashboard's CSRF token (header ${CSRF_HEADER}); reload the page.`,
      hint: 'Reload the dashboard page, or open it again with `openclaw-skill dashboard`.',
    };
  }
  return undefined;
}
