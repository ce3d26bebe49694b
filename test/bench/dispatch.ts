// The same echo tool, three ways: called directly (with the same ajv validation), served by
// the MCP SDK through its in-memory transport, and through host.call (inline runner).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const echoSchema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
} as const;

export const echo = (input: { text: string }) => input.text;

export function directCaller() {
  const validate = new Ajv({ allErrors: true }).compile(echoSchema);
  return (input: unknown) => {
    if (!validate(input)) throw new Error('invalid');
    return echo(input as { text: string });
  };
}

export async function mcpCaller() {
  const validate = new Ajv({ allErrors: true }).compile(echoSchema);
  const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'echo', description: 'Echo the text back.', inputSchema: echoSchema }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const args = req.params.arguments;
    if (!validate(args))
      return { isError: true, content: [{ type: 'text', text: 'invalid input' }] };
    return { content: [{ type: 'text', text: echo(args as { text: string }) }] };
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'bench-client', version: '1.0.0' });
  await client.connect(clientTransport);
  return {
    call: (text: string) => client.callTool({ name: 'echo', arguments: { text } }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** A workspace with one code skill, `echo`, whose tool `echo.say` returns its text. */
export async function writeEchoSkill(workspace: string, code?: string): Promise<void> {
  const dir = join(workspace, 'skills', 'echo');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'echo',
      version: '1.0.0',
      type: 'module',
      exports: { '.': './index.js' },
    }),
  );
  await writeFile(
    join(dir, 'SKILL.md'),
    '---\nname: echo\ndescription: Echo text back, for benchmarks.\n---\n\nCall echo.say.\n',
  );
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifestVersion: 1,
      name: 'echo',
      version: '1.0.0',
      host: '^1',
      tools: [
        {
          name: 'echo.say',
          description: 'Echo the text back.',
          inputSchema: echoSchema,
          annotations: { readOnlyHint: true },
        },
      ],
    }),
  );
  await writeFile(
    join(dir, 'index.js'),
    code ?? "export default { createTools() { return { 'echo.say': (input) => input.text }; } };\n",
  );
}
