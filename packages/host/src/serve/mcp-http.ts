// MCP over Streamable HTTP at /mcp: 2026-07-28 requests go to the stateless modern handler;
// 2025-era clients get one transport and one Server per MCP session, created by an
// initialize request and found again by the Mcp-Session-Id header. The HTTP gate (Host,
// Origin, token, body limit) has already run; the body arrives parsed.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ModernHttp } from './mcp-modern.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
}

export interface McpHttp {
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  readonly sessions: number;
  /** Closes every session (their SSE streams end, so connections can close). */
  close(): Promise<void>;
}

export function createMcpHttp(newServer: () => Server, modern?: ModernHttp): McpHttp {
  const sessions = new Map<string, Session>();

  const rpcError = (res: ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
  };

  return {
    get sessions() {
      return sessions.size;
    },
    async handle(req, res, body) {
      // 2026-07-28 requests are stateless: served per request, never through a session.
      if (modern && (await modern.claims(req, body))) return modern.handle(req, res, body);
      const id = req.headers['mcp-session-id'];
      if (typeof id === 'string') {
        const session = sessions.get(id);
        // 404 tells a client its session is gone, so it starts a new one (MCP spec).
        if (!session) return rpcError(res, 404, -32001, `MCP session ${id} not found.`);
        return session.transport.handleRequest(req, res, body);
      }
      if (req.method !== 'POST' || !isInitializeRequest(body)) {
        return rpcError(
          res,
          400,
          -32000,
          'Send an initialize request first; later requests need its Mcp-Session-Id header.',
        );
      }
      const server = newServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, { transport, server }),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    },
    async close() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled([...all.map((s) => s.server.close()), modern?.close()]);
    },
  };
}
