// The one loopback HTTP server of serve: every request passes the same gate
// (Host/Origin, bearer token or dashboard session, body limit) before it reaches /mcp, /api
// or the dashboard's files at `/`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SkillError } from '@openclaw/skill-sdk';
import {
  checkDeclaredLength,
  checkHostAndOrigin,
  checkToken,
  tooLarge,
  type Refusal,
} from './guard.js';
import { checkSessionRequest, CSRF_HEADER, type DashboardSessions } from './dashboard-session.js';

/** Past this many bytes an oversized body is no longer drained but the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** How a request proved it may be here: the bearer token, a dashboard session, or neither. */
export type Caller = 'token' | 'session' | 'none';

export interface Mount {
  /** Path prefix: `/mcp`, `/api`; `/` takes every path no other mount has (list it last). */
  prefix: string;
  /**
   * Who may reach it: `token` (default) only the bearer token; `token-or-session` also a
   * dashboard session cookie (with its CSRF rules); `public` anyone past the Host/Origin
   * check (the dashboard's static files, which hold no data).
   */
  access?: 'token' | 'token-or-session' | 'public';
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    url: URL,
    caller: Caller,
  ): Promise<void>;
}

export interface ServeHttpOptions {
  token: string;
  maxBodyBytes: number;
  mounts: Mount[];
  /** Dashboard sessions, when the dashboard is served. */
  sessions?: DashboardSessions;
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

export function sendRefusal(res: ServerResponse, r: Refusal): void {
  if (r.status === 401) res.setHeader('www-authenticate', 'Bearer');
  sendJson(res, r.status, { error: { code: r.code, message: r.message } });
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

export function createServeHttp(opts: ServeHttpOptions): ServeHttp {
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
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
      return sendJson(res, 404, {
        error: {
          code: 'NOT_FOUND',
          message: `Nothing at ${url.pathname}; MCP is at /mcp, the control API under /api.`,
        },
      });
    }
    const access = mount.access ?? 'token';
    let caller: Caller = checkToken(req.headers.authorization, opts.token) ? 'none' : 'token';
    if (caller === 'none' && access !== 'token') {
      const session = opts.sessions?.find(req.headers.cookie);
      if (session && access === 'token-or-session') {
        const refused = checkSessionRequest(
          {
            method: req.method ?? 'GET',
            origin: req.headers.origin,
            csrf: headerValue(req.headers[CSRF_HEADER]),
          },
          session,
        );
        if (refused) {
          req.resume();
          return sendRefusal(res, refused);
        }
        caller = 'session';
      } else if (session) caller = 'session';
    }
    if (caller === 'none' && access !== 'public') {
      req.resume();
      return sendRefusal(res, checkToken(req.headers.authorization, opts.token)!);
    }
    let body: unknown;
    if (
      req.method === 'POST' ||
      req.method === 'PUT' ||
      req.method === 'PATCH' ||
      req.method === 'DELETE'
    ) {
      const declared = checkDeclaredLength(req.headers['content-length'], opts.maxBodyBytes);
      const read = await readBody(req, opts.maxBodyBytes);
      if (declared || !read.ok) return sendRefusal(res, tooLarge(opts.maxBodyBytes));
      if (read.text.trim() !== '') {
        try {
          body = JSON.parse(read.text);
        } catch (e) {
          return sendJson(res, 400, {
            ...(mount.prefix === '/mcp' && { jsonrpc: '2.0', id: null }),
            error: {
              code: mount.prefix === '/mcp' ? -32700 : 'INVALID_JSON',
              message: `The request body is not JSON: ${(e as Error).message}`,
            },
          });
        }
      }
    }
    await mount.handle(req, res, body, url, caller);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      opts.onError(e);
      sendJson(res, 500, {
        error: { code: 'INTERNAL', message: 'serve failed on this request; see its log.' },
      });
    });
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
