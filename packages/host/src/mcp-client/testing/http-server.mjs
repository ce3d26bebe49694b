// The fixture server over HTTP on 127.0.0.1 (port 0 by default): Streamable HTTP at /mcp
// (stateful sessions, so tools/list_changed reaches the client) and the older HTTP+SSE
// transport at /sse + /messages, for the client's fallback.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createFixtureServer } from './fixture-server.mjs';

/**
 * Starts the server. `token`, when given, is required as `Authorization: Bearer <token>`.
 * Resolves with `{ url, sseUrl, close }`.
 */
export async function startHttpFixture({ token, instructions } = {}) {
  const sessions = new Map();
  const sse = new Map();
  const http = createServer(async (req, res) => {
    try {
      if (token && req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401).end('unauthorized');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/mcp') {
        const id = req.headers['mcp-session-id'];
        let transport = typeof id === 'string' ? sessions.get(id) : undefined;
        if (!transport) {
          if (req.method !== 'POST') {
            res.writeHead(400).end('no session');
            return;
          }
          transport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (sid) => sessions.set(sid, transport),
          });
          transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
          await createFixtureServer({ name: 'fixture-http', instructions }).connect(transport);
        }
        await transport.handleRequest(req, res);
        return;
      }
      if (url.pathname === '/sse' && req.method === 'GET') {
        const transport = new SSEServerTransport('/messages', res);
        sse.set(transport.sessionId, transport);
        res.on('close', () => sse.delete(transport.sessionId));
        await createFixtureServer({ name: 'fixture-sse', instructions }).connect(transport);
        return;
      }
      if (url.pathname === '/messages' && req.method === 'POST') {
        const transport = sse.get(url.searchParams.get('sessionId') ?? '');
        if (!transport) {
          res.writeHead(404).end('no session');
          return;
        }
        await transport.handlePostMessage(req, res);
        return;
      }
      res.writeHead(404).end('not found');
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    }
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    sseUrl: `http://127.0.0.1:${port}/sse`,
    async close() {
      for (const t of sessions.values()) await t.close().catch(() => undefined);
      for (const t of sse.values()) await t.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
