// serve's login for MCP clients (the MCP authorization spec, for a server on loopback): the
// discovery documents under /.well-known, the authorization server under /oauth, the access
// tokens the HTTP gate accepts on /mcp, and the dashboard routes for consent and for the list
// of connected clients. The static bearer token keeps working beside it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { notFound } from '../guard.js';
import { sendJson, sendRefusal, type LoginTokens, type Mount } from '../http.js';
import { checkAuthorize } from './authorize.js';
import { fetchClientDocument, isDocumentClientId } from './client-document.js';
import { ConsentRequests } from './consent.js';
import { routeDashboardLogins, type DashboardReply } from './dashboard-routes.js';
import {
  AUTHORIZATION_SERVER_PATH,
  authorizationServerMetadata,
  ENDPOINTS,
  metadataUrl,
  PROTECTED_RESOURCE_PATH,
  protectedResourceMetadata,
} from './metadata.js';
import { registerClient } from './register.js';
import { LoginStore, type LoginClient } from './store.js';
import { revokeRequest, tokenRequest, type OAuthReply } from './token-endpoint.js';

export interface ServeLoginOptions {
  /** Where registered clients and grants are kept (`<home>/serve-logins.json`). */
  file: string;
  /** serve's port, once it listens. */
  port(): number;
  /** Access token lifetime (default 15 minutes). */
  accessTtlMs?: number;
  /** The clock (tests move it to expire tokens). */
  now?: () => number;
  /** For Client ID Metadata Documents. */
  fetch?: typeof fetch;
}

export interface ServeLogin {
  readonly tokens: LoginTokens;
  /** `/.well-known` and `/oauth`, public (list them before the dashboard's `/`). */
  readonly mounts: Mount[];
  /** The dashboard's consent and connected-client routes under /api, or undefined. */
  dashboard(method: string, path: string, body: unknown): Promise<DashboardReply | undefined>;
  readonly store: LoginStore;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MCP_PREFIX = '/mcp';

export async function createServeLogin(opts: ServeLoginOptions): Promise<ServeLogin> {
  const store = await LoginStore.open({
    file: opts.file,
    ...(opts.accessTtlMs !== undefined && { accessTtlMs: opts.accessTtlMs }),
    ...(opts.now && { now: opts.now }),
  });
  const consents = new ConsentRequests(store.now);

  const isOurResource = (resource: string): boolean => {
    try {
      const u = new URL(resource);
      return (
        u.protocol === 'http:' &&
        LOOPBACK.has(u.hostname) &&
        u.port === String(opts.port()) &&
        u.pathname === MCP_PREFIX &&
        !u.search &&
        !u.hash
      );
    } catch {
      return false;
    }
  };

  const findClient = async (clientId: string): Promise<LoginClient | { problem: string }> => {
    const known = store.client(clientId);
    if (known) return known;
    if (isDocumentClientId(clientId))
      return fetchClientDocument(clientId, store.now(), opts.fetch ?? fetch);
    return { problem: 'it is not registered here (register it, or use a metadata document URL)' };
  };

  const wellKnown: Mount = {
    prefix: '/.well-known',
    access: 'public',
    handle: async ({ req, res, url }) => {
      const origin = originOf(req);
      const path = url.pathname;
      if (
        req.method === 'GET' &&
        (path === PROTECTED_RESOURCE_PATH || path === `${PROTECTED_RESOURCE_PATH}${MCP_PREFIX}`)
      )
        return sendJson(res, 200, protectedResourceMetadata(origin, MCP_PREFIX));
      if (req.method === 'GET' && path === AUTHORIZATION_SERVER_PATH)
        return sendJson(res, 200, authorizationServerMetadata(origin));
      sendRefusal(res, notFound(path));
    },
  };

  const oauth: Mount = {
    prefix: '/oauth',
    access: 'public',
    body: 'raw',
    handle: async ({ req, res, body, url }) => {
      const path = url.pathname;
      const text = typeof body === 'string' ? body : '';
      if (path === ENDPOINTS.authorize && req.method === 'GET') {
        const clientId = url.searchParams.get('client_id') ?? '';
        const outcome = checkAuthorize({
          query: url.searchParams,
          client: clientId ? await findClient(clientId) : { problem: 'no client_id' },
          origin: originOf(req),
          isOurResource,
        });
        if (outcome.kind === 'refuse') return sendAuthorizePage(res, outcome.message);
        const location =
          outcome.kind === 'redirect'
            ? outcome.location
            : `/#consent/${consents.add(outcome.request).id}`;
        res.writeHead(302, { location, 'cache-control': 'no-store' }).end();
        return;
      }
      if (req.method !== 'POST') return sendRefusal(res, notFound(path));
      if (path === ENDPOINTS.token)
        return sendOAuth(res, await tokenRequest(form(req, text), { store, consents }));
      if (path === ENDPOINTS.revoke)
        return sendOAuth(res, await revokeRequest(form(req, text), store));
      if (path === ENDPOINTS.register)
        return sendOAuth(res, await registerClient(json(text), store));
      sendRefusal(res, notFound(path));
    },
  };

  return {
    store,
    tokens: {
      verify: (token, resource) => store.verify(token, resource),
      metadataUrl,
    },
    mounts: [wellKnown, oauth],
    dashboard: (method, path, body) =>
      routeDashboardLogins(method, path, body, { store, consents }),
  };
}

/** The origin the client used (the gate has checked the Host is ours). */
const originOf = (req: IncomingMessage): string => `http://${req.headers.host!.toLowerCase()}`;

/** Form fields of a token or revocation request (other content types read as empty). */
function form(req: IncomingMessage, text: string): URLSearchParams {
  const type = req.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(text)
    : new URLSearchParams();
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sendOAuth(res: ServerResponse, reply: OAuthReply): void {
  sendJson(res, reply.status, reply.body);
}

/** A refused authorize request is shown to the person in the browser, in plain text. */
function sendAuthorizePage(res: ServerResponse, message: string): void {
  const text = `${message}\n\nThis login was not started. Try connecting the MCP client again, or configure it with the token: run \`openclaw-skill dashboard\`.\n`;
  res
    .writeHead(400, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .end(text);
}
