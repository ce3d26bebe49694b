// MCP clients of the 2025 protocol era as people run them today, each against one serve
// (started once for the suite) with the bearer token: the MCP SDK 1.x client, the Vercel
// AI SDK's MCP client, LangChain's MCP adapters and the OpenAI Agents SDK. Each lists the
// tools and calls one; the result must be the skill's real answer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMCPClient } from '@ai-sdk/mcp';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { MCPServerStreamableHttp } from '@openai/agents';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { writeNotesSkill } from '../packages/host/src/serve/serve.fixtures.js';

/** The wire name of notes.read, whatever mapping serve applies to dotted names. */
const readTool = (names: string[]): string => {
  const found = names.find((n) => /notes.read$/.test(n));
  expect(found, `notes.read among ${names.join(', ')}`).toBeDefined();
  return found!;
};

describe('legacy-era MCP clients against one serve, with the bearer token', () => {
  let root: string;
  let serve: RunningServe;
  let url: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'oc-clients-'));
    await writeNotesSkill(join(root, 'skills'));
    serve = await startServe({
      home: join(root, 'home'),
      workspace: root,
      sources: [join(root, 'skills')],
      userHome: join(root, 'user'),
      env: { PATH: process.env.PATH },
      port: 0,
      watch: false,
    });
    url = serve.mcpUrl!;
    headers = { Authorization: `Bearer ${serve.info!.token}` };
  });

  afterAll(async () => {
    await serve?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('the MCP SDK 1.x client lists tools and calls notes.read', async () => {
    const client = new Client({ name: 'sdk-1x', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
    );
    const { tools } = await client.listTools();
    const name = readTool(tools.map((t) => t.name));
    const result = await client.callTool({ name, arguments: { id: 'a1' } });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain('note a1');
    await client.close();
  });

  it('the AI SDK MCP client (@ai-sdk/mcp) lists tools and executes notes.read', async () => {
    const client = await createMCPClient({ transport: { type: 'http', url, headers } });
    try {
      const tools = await client.tools();
      const name = readTool(Object.keys(tools));
      const result = await tools[name]!.execute!(
        { id: 'b2' },
        { toolCallId: 'call-1', messages: [] },
      );
      expect(JSON.stringify(result)).toContain('note b2');
    } finally {
      await client.close();
    }
  });

  it('LangChain MCP adapters list tools and invoke notes.read', async () => {
    const client = new MultiServerMCPClient({
      mcpServers: { ocs: { transport: 'http', url, headers } },
    });
    try {
      const tools = await client.getTools();
      const name = readTool(tools.map((t) => t.name));
      const tool = tools.find((t) => t.name === name)!;
      const result: unknown = await tool.invoke({ id: 'c3' });
      expect(JSON.stringify(result)).toContain('note c3');
    } finally {
      await client.close();
    }
  });

  it('the OpenAI Agents SDK (MCPServerStreamableHttp) lists tools and calls notes.read', async () => {
    const server = new MCPServerStreamableHttp({ url, name: 'ocs', requestInit: { headers } });
    await server.connect();
    try {
      const tools = await server.listTools();
      const name = readTool(tools.map((t) => t.name));
      const result = await server.callTool(name, { id: 'd4' });
      expect(JSON.stringify(result)).toContain('note d4');
    } finally {
      await server.close();
    }
  });
});
