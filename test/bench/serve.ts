// serve's figures: tools/list of 1,000 tools through the serve's MCP server (the SDK client
// over the in-memory transport, as dispatch.mcp-sdk is measured, and over Streamable HTTP
// through the whole serve: gate, session, JSON), one tool call over Streamable HTTP, and one
// stateless 2026-07-28 tool call; each MCP figure beside the SDK's own minimal server's.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallTracker, createMcpServer, startServe } from '@openclaw/skill-host/serve';
import { writeEchoSkill } from './dispatch.js';
import { generateToolSkills } from './generate.js';
import { microAsync, type Figure } from './harness.js';
import { minimalListClient, minimalModernServer, modernClient } from './mcp-modern.js';

export async function benchServe(tmp: string): Promise<Record<string, Figure>> {
  const ws = join(tmp, 'serve-ws');
  await generateToolSkills(join(ws, 'skills'), 100, 10);
  await writeEchoSkill(ws);
  const serve = await startServe({
    workspace: ws,
    home: join(tmp, 'serve-home'),
    userHome: join(tmp, 'serve-user'),
    env: {},
    port: 0,
    watch: false,
  });
  const figures: Record<string, Figure> = {};
  try {
    const count = serve.host.snapshot().tools.size;
    if (count < 1000) throw new Error(`expected 1000 tools, found ${count}`);

    const server = createMcpServer({
      host: serve.host,
      calls: new CallTracker(),
      configFile: join(tmp, 'serve-home', 'config.json'),
      sessionId: () => 'bench',
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const memory = new Client({ name: 'bench', version: '1.0.0' });
    await memory.connect(a);
    figures['mcp.tools-list.1000'] = await microAsync(() => memory.listTools(), {
      batch: 1,
      timeMs: 2000,
    });
    // The SDK's own minimal server listing the same 1,000 tools, for the ratio.
    const minimal = await minimalListClient((await memory.listTools()).tools);
    figures['mcp.tools-list.1000.sdk-minimal'] = await microAsync(() => minimal.listTools(), {
      batch: 1,
      timeMs: 2000,
    });
    await minimal.close();
    await memory.close();

    // One 2026-07-28 tools/call over HTTP (stateless: a server per request), serve and the
    // SDK's minimal modern server, with the SDK 2.x client.
    const modern = await modernClient(serve.mcpUrl!, serve.info!.token);
    figures['mcp.stateless.tools-call'] = await microAsync(
      (i) => modern.callTool({ name: 'echo_say', arguments: { text: `hi ${i}` } }),
      { batch: 5, timeMs: 2000 },
    );
    await modern.close();
    const sdkModern = await minimalModernServer();
    const sdkClient = await modernClient(sdkModern.url);
    figures['mcp.stateless.tools-call.sdk-minimal'] = await microAsync(
      (i) => sdkClient.callTool({ name: 'echo', arguments: { text: `hi ${i}` } }),
      { batch: 5, timeMs: 2000 },
    );
    await sdkClient.close();
    await sdkModern.close();

    const http = new Client({ name: 'bench-http', version: '1.0.0' });
    await http.connect(
      new StreamableHTTPClientTransport(new URL(serve.mcpUrl!), {
        requestInit: { headers: { Authorization: `Bearer ${serve.info!.token}` } },
      }),
    );
    figures['mcp.tools-list.1000.http'] = await microAsync(() => http.listTools(), {
      batch: 1,
      timeMs: 2000,
    });
    const warm = await http.callTool({ name: 'echo.say', arguments: { text: 'warm' } });
    if (warm.isError) throw new Error(`echo.say failed over HTTP: ${JSON.stringify(warm)}`);
    figures['serve.call.http'] = await microAsync(
      (i) => http.callTool({ name: 'echo.say', arguments: { text: `hi ${i}` } }),
      { batch: 5, timeMs: 2000 },
    );
    await http.close();
  } finally {
    await serve.close();
  }
  return figures;
}
