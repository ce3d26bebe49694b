// The one loopback HTTP server of serve: every request passes the same gate (body limit,
// Host/Origin, bearer token or dashboard session) before it reaches /mcp, /api or the
// dashboard's files at `/`. Clients too slow to send their request are disconnected.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SkillError } from '@openclaw/skill-sdk';
import {
  bearerToken,
  checkDeclaredLength,
  checkHostAndOrigin,
  invalidJson,
  notFound,
  tokenMatches,
  tooLarge,
  unauthorized,
  type Refusal,
} from './guard.js';
import { checkSessionRequest, CSRF_HEADER, type DashboardSessions } from './dashboard-session.js';

/** Past this many bytes an oversized body is no longer drained but the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;
/** How long a connection refused for its declared size may still send before it is cut. */
const LINGER_MS = 1000;

/** How long a client may take; slow ones are answered 408 and disconnected. */
export interface ServeTimeouts {
  /** To send the request's headers (default 10 s; at most requestMs). */
  headersMs?: number;
  /** To send the whole request, body included (default 30 s). Responses are not limited. */
  requestMs?: number;
  /** How often connections are checked against both (default 1 s). */
  checkIntervalMs?: number;
}

export const DEFAULT_TIMEOUTS: Required<ServeTimeouts> = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkIntervalMs: 1_000,
};

/**
 * How a request proved it may be here: the static bearer token, an access token from a login
 * (only where a mount takes them), a dashboard session, or nothing.
 */
export type Caller = 'token' | 'login' | 'session' | 'none';

/** Access tokens from the login, for the mounts that take them (MCP). */
export interface LoginTokens {
  /** Whether `token` is a live access token issued for `resource` (its audience). */
  verify(token: string, resource: string): boolean;
  /** The protected-resource metadata URL for a mount, as reached through `origin`. */
  metadataUrl(origin: string, prefix: string): string;
}

export interface Mount {
  /** Path prefix: `/mcp`, `/api`; `/` takes every path no other mount has (list it last). */
  prefix: string;
  /**
   * Who may reach it: `token` (default) only the bearer token; `token-or-session` also a
   * dashboard session cookie (with its CSRF rules); `public` anyone past the Host/Origin
   * check (the dashboard's static files, which hold no data).
   */
  access?: 'token' | 'token-or-session' | 'public';
  /** Access tokens from the login are accepted here too (their audience is this mount's URL). */
  login?: boolean;
  /** `raw`: the body reaches the handler as text (form posts of the login's token endpoint). */
  body?: 'json' | 'raw';
  handle(request: MountRequest): Promise<void>;
}

/** One request as a mount gets it: past the gate, body read, caller known. */
export interface MountRequest {
  req: IncomingMessage;
  res: ServerResponse;
  body: unknown;
  url: URL;
  caller: Caller;
}

export interface ServeHttpOptions {
  token: string;
  /** Where the token is kept, named in every 401 so a person knows where to find it. */
  tokenFile: string;
  /** The login's access tokens; without it only the static token is accepted. */
  login?: LoginTokens;
  maxBodyBytes: number;
  mounts: Mount[];
  /** Dashboard sessions, when the dashboard is served. */
  sessions?: DashboardSessions;
  timeouts?: ServeTimeouts;
  onError(e: unknown): void;
}

export interface ServeHttp {
  server: Server;
  listen(port: number): Promise<number>;
  /** Stops accepting connections; `drop` then ends the ones still open. */
  stopAccepting(): Promise<void>;
  drop(): void;
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (res.headersSent) return void res.end();
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** The refusal as `{ error: { code, message, hint } }`; a 401 names how to authenticate. */
export function sendRefusal(res: ServerResponse, r: Refusal, challenge = 'Bearer'): void {
  if (r.status === 401) res.setHeader('www-authenticate', challenge);
  sendJson(res, r.status, { error: { code: r.code, message: r.message, hint: r.hint } });
}

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

type Body = { ok: true; text: string } | { ok: false };

/**
 * Reads the body up to `max` bytes. An oversized body is read to its end and dropped (up to
 * DRAIN_LIMIT) so the client gets its 413 instead of a reset connection.
 */
function readBody(req: IncomingMessage, max: number): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) req.destroy();
    });
    req.on('end', () =>
      resolve(
        size > max ? { ok: false } : { ok: true, text: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', reject);
  });
}

const hasBody = (method: string | undefined) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/**
 * A request whose Content-Length is over the limit gets its 413 at once, from its headers:
 * not one byte of the body is waited for. The connection is closed after the answer; what
 * the client still sends meanwhile is discarded, for LINGER_MS at most.
 */
function refuseDeclaredSize(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  res.shouldKeepAlive = false;
  res.on('finish', () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
  sendRefusal(res, tooLarge(maxBytes));
}

/** The JSON body, undefined for none, or the refusal already sent. */
async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { maxBytes: number; mcp: boolean },
): Promise<{ body: unknown } | undefined> {
  const read = await readBody(req, opts.maxBytes);
  if (!read.ok) {
    sendRefusal(res, tooLarge(opts.maxBytes));
    return undefined;
  }
  if (read.text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(read.text) };
  } catch (e) {
    const refusal = invalidJson((e as Error).message);
    // JSON-RPC clients read a parse error (-32700); everything else gets the refusal shape.
    if (opts.mcp)
      sendJson(res, 400, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: `${refusal.message} ${refusal.hint}` },
      });
    else sendRefusal(res, refusal);
    return undefined;
  }
}

/**
 * Who a request is: the static token, a login's access token (on mounts that take them), a
 * dashboard session (with its CSRF rules where it may change things), or nobody; or the
 * refusal for a mount that needs one of them.
 */
function identify(
  req: IncomingMessage,
  mount: Mount,
  opts: ServeHttpOptions,
): { caller: Caller } | { refusal: Refusal; challenge?: string } {
  const access = mount.access ?? 'token';
  const presented = bearerToken(req.headers.authorization);
  const origin = `http://${req.headers.host!.toLowerCase()}`;
  if (tokenMatches(presented, opts.token)) return { caller: 'token' };
  if (presented && mount.login && opts.login?.verify(presented, `${origin}${mount.prefix}`))
    return { caller: 'login' };
  const session = access === 'token' ? undefined : opts.sessions?.find(req.headers.cookie);
  if (session && access === 'token-or-session') {
    const refused = checkSessionRequest(
      {
        method: req.method ?? 'GET',
        origin: req.headers.origin,
        csrf: headerValue(req.headers[CSRF_HEADER]),
      },
      session,
    );
    return refused ? { refusal: refused } : { caller: 'session' };
  }
  if (session) return { caller: 'session' };
  if (access === 'public') return { caller: 'none' };
  return {
    refusal: unauthorized(opts.tokenFile),
    challenge: challenge(opts, mount, origin, presented),
  };
}

/**
 * The WWW-Authenticate value of a 401: where login is possible it names the protected-resource
 * metadata (so MCP clients find the login on their own), and a token that was presented but
 * is not accepted (expired, revoked, for another resource) is called invalid.
 */
function challenge(
  opts: ServeHttpOptions,
  mount: Mount,
  origin: string,
  presented: string | undefined,
): string {
  if (!mount.login || !opts.login) return 'Bearer';
  const meta = opts.login.metadataUrl(origin, mount.prefix);
  return presented
    ? `Bearer error="invalid_token", resource_metadata="${meta}"`
    : `Bearer resource_metadata="${meta}"`;
}

/** Node's own clocks for slow clients, from the options (the headers' at most the request's). */
function serverTimeouts(t: ServeTimeouts = {}) {
  const requestTimeout = t.requestMs ?? DEFAULT_TIMEOUTS.requestMs;
  return {
    requestTimeout,
    headersTimeout: Math.min(t.headersMs ?? DEFAULT_TIMEOUTS.headersMs, requestTimeout),
    connectionsCheckingInterval: t.checkIntervalMs ?? DEFAULT_TIMEOUTS.checkIntervalMs,
  };
}

export function createServeHttp(opts: ServeHttpOptions): ServeHttp {
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // First: every other refusal reads the body to its end so the client gets its answer.
    if (
      hasBody(req.method) &&
      checkDeclaredLength(req.headers['content-length'], opts.maxBodyBytes)
    ) {
      return refuseDeclaredSize(req, res, opts.maxBodyBytes);
    }
    const gate = checkHostAndOrigin({ host: req.headers.host, origin: req.headers.origin }, port);
    if (gate) {
      req.resume();
      return sendRefusal(res, gate);
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const mount = opts.mounts.find(
      (m) =>
        m.prefix === '/' || url.pathname === m.prefix || url.pathname.startsWith(`${m.prefix}/`),
    );
    if (!mount) {
      req.resume();
      return sendRefusal(res, notFound(url.pathname));
    }
    const who = identify(req, mount, opts);
    if ('refusal' in who) {
      req.resume();
      return sendRefusal(res, who.refusal, who.challenge);
    }
    const { caller } = who;
    let body: unknown;
    if (hasBody(req.method) && mount.body === 'raw') {
      const read = await readBody(req, opts.maxBodyBytes);
      if (!read.ok) return sendRefusal(res, tooLarge(opts.maxBodyBytes));
      body = read.text;
    } else if (hasBody(req.method)) {
      const read = await readJsonBody(req, res, {
        maxBytes: opts.maxBodyBytes,
        mcp: mount.prefix === '/mcp',
      });
      if (!read) return;
      body = read.body;
    }
    await mount.handle({ req, res, body, url, caller });
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((e: unknown) => {
      opts.onError(e);
      sendJson(res, 500, {
        error: { code: 'INTERNAL', message: 'serve failed on this request; see its log.' },
      });
    });
  };
  const server = createServer(serverTimeouts(opts.timeouts), onRequest);
  // `Expect: 100-continue`: a body declared over the limit is refused before the client is
  // told to send it; anything else is told to go on.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!checkDeclaredLength(req.headers['content-length'], opts.maxBodyBytes)) {
      res.writeContinue();
    }
    onRequest(req, res);
  });

  return {
    server,
    listen: (wanted) =>
      new Promise((resolve, reject) => {
        const onError = (e: NodeJS.ErrnoException) => {
          reject(
            e.code === 'EADDRINUSE'
              ? new SkillError('SERVE_UNAVAILABLE', `Port ${wanted} on 127.0.0.1 is in use.`, {
                  hint: 'Pass --port <n> for another port, or --port 0 for any free one.',
                })
              : e,
          );
        };
        server.once('error', onError);
        server.listen(wanted, '127.0.0.1', () => {
          server.off('error', onError);
          port = (server.address() as AddressInfo).port;
          resolve(port);
        });
      }),
    stopAccepting: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    drop: () => server.closeAllConnections(),
  };
}
