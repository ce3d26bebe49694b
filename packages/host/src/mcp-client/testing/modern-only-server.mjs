// A server that speaks only the 2026-07-28 MCP revision (the official SDK 2.x, stateless):
// 2025-era `initialize` is refused. Prints its URL on stdout once listening. A POST to
// /add-tool adds a `shout` tool and announces the change on subscriptions/listen streams.
/* global Headers, Request -- web globals of Node 20 */
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

let extraTool = false;

const handler = createMcpHandler(
  () => {
    const server = new McpServer(
      { name: 'modern-only', version: '2.0.0' },
      { instructions: 'A 2026-07-28-only server.' },
    );
    server.registerTool(
      'echo',
      { description: 'Echoes its text.', inputSchema: z.object({ text: z.string() }) },
      ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
    );
    if (extraTool) {
      server.registerTool(
        'shout',
        { description: 'Shouts its text.', inputSchema: z.object({ text: z.string() }) },
        ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }),
      );
    }
    return server;
  },
  { legacy: 'reject' },
);

const http = createServer(async (req, res) => {
  if (req.url === '/add-tool') {
    extraTool = true;
    handler.notify.toolsChanged();
    return void res.end('added');
  }
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string' && k !== 'content-length') headers.set(k, v);
  }
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const response = await handler.fetch(
    new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  // Streamed: a subscriptions/listen answer is an SSE stream that stays open.
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body).pipe(res);
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
});
