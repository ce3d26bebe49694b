// A server that speaks only the 2026-07-28 MCP revision (the official SDK 2.x, stateless):
// 2025-era `initialize` is refused. Prints its URL on stdout once listening.
/* global Headers, Request -- web globals of Node 20 */
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

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
    return server;
  },
  { legacy: 'reject' },
);

const http = createServer(async (req, res) => {
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
  res.end(Buffer.from(await response.arrayBuffer()));
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
});
