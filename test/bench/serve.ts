// serve's figures: tools/list of 1,000 tools through the serve's MCP server (the SDK client
// over the in-memory transport, as dispatch.mcp-sdk is measured, and over Streamable HTTP
// through the whole serve: gate, session, JSON), and one tool call over Streamable HTTP.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallTracker, createMcpServer, startServe } from '@openclaw/skill-host/serve';
import { writeEchoSkill } from './dispatch.js';
import { generateToolSkills } from './generate.js';
import { microAsync, type Figure } from './harness.js';

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
    await memory.close();

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
