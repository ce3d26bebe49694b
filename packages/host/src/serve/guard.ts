// The one gate in front of every HTTP route of serve: Host and Origin checks
// against DNS rebinding, the bearer token, and the body limit. Pure functions on plain data,
// so each rule is tested on its own and every route gets the same answer.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@openclaw/skill-sdk';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Every refusal of the gate: an HTTP status, a stable code, and what to do about it. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  /** What to run or change (named command, file or header). */
  hint: string;
}

const DASHBOARD_HINT = 'Open the dashboard with `openclaw-skill dashboard`.';

/** The Host header values a request to this server may carry: loopback names with its port. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/** Browser origins allowed to call (the dashboard is served from the same origin). */
export function allowedOrigins(port: number): Set<string> {
  return new Set([...allowedHosts(port)].map((h) => `http://${h}`));
}

/**
 * A page on another site can make a browser send requests here (DNS rebinding turns its
 * name into 127.0.0.1): the Host header then names that site, and Origin names it too.
 * Clients that are not browsers send no Origin; they still send a Host.
 */
export function checkHostAndOrigin(
  headers: { host?: string | undefined; origin?: string | undefined },
  port: number,
): Refusal | undefined {
  const host = headers.host?.toLowerCase();
  if (!host || !allowedHosts(port).has(host)) {
    return {
      status: 403,
      code: 'HOST_REFUSED',
      message: `Host ${JSON.stringify(headers.host ?? '')} is not this server; use http://127.0.0.1:${port}.`,
      hint: `Call http://127.0.0.1:${port} (the URL in serve.json of the host home).`,
    };
  }
  const origin = headers.origin;
  if (origin !== undefined && !allowedOrigins(port).has(origin.toLowerCase())) {
    return {
      status: 403,
      code: 'ORIGIN_REFUSED',
      message: `Requests from origin ${JSON.stringify(origin)} are refused.`,
      hint: `Only the dashboard at http://127.0.0.1:${port}/ may call from a browser. ${DASHBOARD_HINT}`,
    };
  }
  return undefined;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares digests in constant time, so neither the token nor its length leaks by timing. */
export function tokenMatches(presented: string | undefined, token: string): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(token));
}

/** The token from `Authorization: Bearer <token>`, if the header has that form. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/** The 401 for a request without an accepted bearer token; `tokenFile` is where it is kept. */
export function unauthorized(tokenFile: string): Refusal {
  return {
    status: 401,
    code: 'UNAUTHORIZED',
    message: `Missing or wrong bearer token. Log in from your MCP client (allow it on the dashboard), or send "Authorization: Bearer <token>" with the token kept in ${tokenFile}.`,
    hint: `Run \`openclaw-skill dashboard\` to allow a client or copy its config; the token is in ${tokenFile}.`,
  };
}

export function checkToken(
  authorization: string | undefined,
  token: string,
  tokenFile: string,
): Refusal | undefined {
  if (tokenMatches(bearerToken(authorization), token)) return undefined;
  return unauthorized(tokenFile);
}

/** A declared Content-Length over the limit is refused before reading anything. */
export function checkDeclaredLength(
  contentLength: string | undefined,
  maxBytes: number,
): Refusal | undefined {
  if (contentLength === undefined) return undefined;
  const n = Number(contentLength);
  return Number.isFinite(n) && n > maxBytes ? tooLarge(maxBytes) : undefined;
}

export function tooLarge(maxBytes: number): Refusal {
  return {
    status: 413,
    code: 'BODY_TOO_LARGE',
    message: `The request body is larger than ${maxBytes} bytes.`,
    hint: 'Send a smaller request; serve takes a larger one only with a higher maxBodyBytes.',
  };
}

export function invalidJson(detail: string): Refusal {
  return {
    status: 400,
    code: 'INVALID_JSON',
    message: `The request body is not JSON: ${detail}`,
    hint: 'Send a JSON body with content-type: application/json.',
  };
}

export function notFound(pathname: string): Refusal {
  return {
    status: 404,
    code: 'NOT_FOUND',
    message: `Nothing at ${pathname}.`,
    hint: 'MCP is at /mcp, the control API under /api, the dashboard at / (`openclaw-skill dashboard`).',
  };
}
