// The SDK's own minimal servers, to put serve's MCP figures in proportion on the same machine
// in the same run: a 2025-era low-level Server answering tools/list with a fixed array of the
// same 1,000 tools (in memory), and a 2026-07-28 server (SDK 2.x createMcpHandler on
// node:http, 127.0.0.1) with one echo tool, called statelessly by the SDK 2.x client.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpHandler, Server as ModernServer } from '@modelcontextprotocol/server';

/** A client of the SDK's minimal 2025-era server listing `tools` as given. */
export async function minimalListClient(tools: unknown[]): Promise<Client> {
  const server = new Server({ name: 'minimal', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools as never }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(a);
  return client;
}

/** The SDK 2.x client pinned to 2026-07-28, with an optional bearer token. */
export async function modernClient(url: string, token?: string): Promise<ModernClient> {
  const client = new ModernClient(
    { name: 'bench-modern', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernHttp(new URL(url), {
      ...(token && { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    }),
  );
  return client;
}

/** The SDK's minimal 2026-07-28 server with one echo tool, on 127.0.0.1. */
export async function minimalModernServer(): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHandler(() => {
    const s = new ModernServer(
      { name: 'minimal', version: '1.0.0' },
      { capabilities: { tools: {} } },
    );
    s.setRequestHandler('tools/list', () => ({
      tools: [{ name: 'echo', description: 'Echo.', inputSchema: { type: 'object' } }],
    }));
    s.setRequestHandler('tools/call', (req) => ({
      content: [{ type: 'text', text: String(req.params.arguments?.text ?? '') }],
    }));
    return s;
  });
  const http: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'content-length') headers.set(k, v);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      void handler
        .fetch(
          new Request(`http://127.0.0.1${req.url}`, {
            method: req.method!,
            headers,
            ...(body && { body }),
          }),
        )
        .then((response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          if (!response.body) return void res.end();
          Readable.fromWeb(response.body as never).pipe(res);
        });
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
}
