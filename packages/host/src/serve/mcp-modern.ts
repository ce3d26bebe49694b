// The 2026-07-28 protocol revision on serve's /mcp endpoint, through the official SDK 2.x:
// its createMcpHandler classifies each request, checks the `_meta` envelope and the
// Mcp-Method/Mcp-Name headers (with the spec's error codes), answers server/discover, adds
// `resultType`, and serves subscriptions/listen from an event bus this module feeds with
// catalog changes. A fresh SDK 2.x Server per request wires the same surface as the
// 2025-era sessions. Requests are stateless: no session, so tools_search finds are not
// remembered for a next list.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import {
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  isLegacyRequest,
  Server as ModernServer,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { SkillHost } from '../host.js';
import type { CallContext } from '../router/types.js';
import { HOST_PACKAGE_VERSION } from '../version.js';
import type { CallTracker } from './calls.js';
import { MCP_CAPABILITIES } from './mcp-server.js';
import { modernApproval } from './mcp-modern-approval.js';
import { skillsService } from './mcp-skills.js';
import { mcpSurface, watchLists } from './mcp-surface.js';

/** How long a client may keep a list (changes also reach subscriptions/listen). */
const CACHE = { ttlMs: 60_000, cacheScope: 'private' } as const;

export interface ModernOptions {
  host: SkillHost;
  calls: CallTracker;
  configFile: string;
}

/** One SDK 2.x server for one stateless request. */
export function createModernServer(opts: ModernOptions): ModernServer {
  const { host } = opts;
  const surface = mcpSurface(opts);
  // Each request is its own caller session: the bearer token belongs to the owner.
  const sessionId = `mcp-${randomUUID()}`;
  const caller = () => ({ sessionId, isOwner: true });
  const skills = skillsService({ host, caller });
  const server = new ModernServer(
    { name: 'openclaw-skill-host', version: HOST_PACKAGE_VERSION },
    { capabilities: MCP_CAPABILITIES, instructions: surface.instructions() },
  );
  server.setRequestHandler('tools/list', () => ({
    tools: surface.listTools(caller()) as never,
    ...CACHE,
  }));
  server.setRequestHandler('tools/call', async (req, ctx) => {
    const approval = modernApproval({
      call: req.params,
      canAsk: canElicit(server, ctx.mcpReq.envelope),
      inputResponses: ctx.mcpReq.inputResponses,
      requestState: ctx.mcpReq.requestState(),
    });
    const call: CallContext = {
      sessionId,
      isOwner: true,
      signal: AbortSignal.any([ctx.mcpReq.signal, opts.calls.signal]),
      ...(approval.approve && { approve: approval.approve }),
    };
    const { wire } = await surface.callTool(req.params, call);
    return (approval.pending() ?? wire) as never;
  });
  server.setRequestHandler('resources/list', async () => ({
    ...(await skills.resources(undefined)),
    ...CACHE,
  }));
  server.setRequestHandler('resources/read', async (req) => ({
    ...(await skills.read(req.params.uri, undefined)),
    ...CACHE,
  }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: surface.templates() as never,
    ...CACHE,
  }));
  server.setRequestHandler('prompts/list', () => ({
    prompts: surface.prompts() as never,
    ...CACHE,
  }));
  server.setRequestHandler(
    'prompts/get',
    (req) => surface.getPrompt(req.params.name, req.params.arguments, caller()) as never,
  );
  server.setRequestHandler(
    'skills/list',
    { params: z.looseObject({ cursor: z.string().optional() }) },
    () => skills.list(undefined) as never,
  );
  server.setRequestHandler(
    'skills/get',
    { params: z.looseObject({ uri: z.string() }) },
    (p) => skills.get(p.uri, undefined) as never,
  );
  server.setRequestHandler(
    'resources/directory/read',
    { params: z.looseObject({ uri: z.string(), cursor: z.string().optional() }) },
    (p) => skills.readDirectory(p.uri, undefined) as never,
  );
  return server;
}

/**
 * Whether this request's client can answer an elicitation: its `_meta` envelope says so per
 * request (over stdio the server keeps no capabilities of its own).
 */
function canElicit(server: ModernServer, envelope: object | undefined): boolean {
  const declared = (
    envelope as Record<string, { elicitation?: unknown } | undefined> | undefined
  )?.[CLIENT_CAPABILITIES_META_KEY];
  return Boolean(declared?.elicitation ?? server.getClientCapabilities()?.elicitation);
}

export interface ModernHttp {
  /** Whether a POST to /mcp speaks the 2026-07-28 revision (no session, envelope in `_meta`). */
  claims(req: IncomingMessage, body: unknown): Promise<boolean>;
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export function createModernHttp(opts: ModernOptions): ModernHttp {
  const handler: McpHttpHandler = createMcpHandler(() => createModernServer(opts), {
    // 2025-era traffic keeps its sessions in mcp-http.ts; only envelope requests come here.
    legacy: 'reject',
  });
  // Catalog changes reach every open subscriptions/listen stream, once per changed list.
  const stop = watchLists(opts.host, (changed) => {
    for (const k of changed) {
      if (k === 'tools') handler.notify.toolsChanged();
      else if (k === 'prompts') handler.notify.promptsChanged();
      else handler.notify.resourcesChanged();
    }
  });
  return {
    async claims(req, body) {
      if (req.method !== 'POST' || req.headers['mcp-session-id'] !== undefined) return false;
      return !(await isLegacyRequest(toRequest(req, body, new AbortController().signal), body));
    },
    async handle(req, res, body) {
      const aborted = new AbortController();
      res.once('close', () => aborted.abort());
      const response = await handler.fetch(toRequest(req, body, aborted.signal), {
        parsedBody: body,
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      Readable.fromWeb(response.body as never)
        .on('error', () => res.destroy())
        .pipe(res);
    },
    async close() {
      stop();
      await handler.close();
    },
  };
}

/** The web Request the SDK's handler takes (the body was read and parsed already). */
function toRequest(req: IncomingMessage, body: unknown, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const one of v) headers.append(k, one);
    else if (v !== undefined) headers.set(k, v);
  }
  headers.delete('content-length');
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/mcp'}`, {
    method: req.method ?? 'POST',
    headers,
    body: JSON.stringify(body),
    signal,
  });
}
