// A real MCP server (the SDK's low-level Server, JSON-Schema tools) for the MCP client tests
// and the bench. Plain .mjs so it runs without a build. Run as a script it speaks stdio;
// http-server.mjs serves the same tools over Streamable HTTP and the older SSE transport.
//
// Env knobs (stdio): FIXTURE_INSTRUCTIONS (server instructions), FIXTURE_CRASH_FILE (a file
// holding a number: while it is > 0, each start decrements it and exits before answering),
// FIXTURE_HANG=1 (never answer initialize).
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const TOOLS = [
  {
    name: 'echo',
    description: 'Echoes the text back.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'add',
    description: 'Adds two numbers; answers with structured content.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
    outputSchema: {
      type: 'object',
      properties: { sum: { type: 'number' } },
      required: ['sum'],
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'picture',
    description: 'Returns an image and an embedded resource.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'write_note',
    description: 'Writes a note (neither read-only nor destructive).',
    inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  },
  {
    name: 'delete_all',
    description: 'Deletes everything.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { destructiveHint: true },
  },
  {
    name: 'fail',
    description: 'Answers with isError.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'slow',
    description: 'Waits until cancelled.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'stats',
    description: 'What this server received: notification methods and cancelled calls.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'add_tool',
    description: 'Adds the tool "late" and sends tools/list_changed.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
];

const LATE = {
  name: 'late',
  description: 'A tool added at run time.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
};

/** A fresh fixture server (not connected). */
export function createFixtureServer({ name = 'fixture', instructions } = {}) {
  const tools = [...TOOLS];
  const received = [];
  const cancelled = [];
  const server = new Server(
    { name, version: '1.2.3' },
    { capabilities: { tools: { listChanged: true } }, ...(instructions && { instructions }) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const args = req.params.arguments ?? {};
    switch (req.params.name) {
      case 'echo':
        return { content: [{ type: 'text', text: `echo: ${args.text}` }] };
      case 'add': {
        const sum = args.a + args.b;
        return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum } };
      }
      case 'picture':
        return {
          content: [
            { type: 'text', text: 'a red dot' },
            { type: 'image', data: PNG_1x1, mimeType: 'image/png' },
            {
              type: 'resource',
              resource: { uri: 'file:///notes/dot.txt', mimeType: 'text/plain', text: 'dot notes' },
            },
          ],
        };
      case 'write_note':
        return { content: [{ type: 'text', text: `noted: ${args.note ?? ''}` }] };
      case 'delete_all':
        return { content: [{ type: 'text', text: 'deleted everything' }] };
      case 'fail':
        return {
          content: [{ type: 'text', text: 'the fixture failed on purpose' }],
          isError: true,
        };
      case 'slow':
        await new Promise((resolve) => {
          extra.signal.addEventListener('abort', () => {
            cancelled.push({ requestId: extra.requestId, reason: String(extra.signal.reason) });
            resolve();
          });
        });
        return { content: [{ type: 'text', text: 'cancelled' }] };
      case 'stats':
        return { content: [{ type: 'text', text: JSON.stringify({ received, cancelled }) }] };
      case 'add_tool':
        if (!tools.includes(LATE)) tools.push(LATE);
        await server.sendToolListChanged();
        return { content: [{ type: 'text', text: 'added "late"' }] };
      case 'late':
        return { content: [{ type: 'text', text: 'late tool answered' }] };
      default:
        return {
          content: [{ type: 'text', text: `unknown tool ${req.params.name}` }],
          isError: true,
        };
    }
  });
  /** Connects and records every notification method the client sends. */
  const connect = async (transport) => {
    await server.connect(transport);
    const inner = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (message && message.method && message.id === undefined) received.push(message.method);
      inner?.(message, extra);
    };
  };
  return { server, connect };
}

function crashOnStart(file) {
  let n = 0;
  try {
    n = Number(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (!(n > 0)) return false;
  writeFileSync(file, String(n - 1));
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  if (env.FIXTURE_CRASH_FILE && crashOnStart(env.FIXTURE_CRASH_FILE)) {
    process.stderr.write('fixture: crashing on start as asked\n');
    process.exit(3);
  }
  if (env.FIXTURE_HANG === '1') {
    // Reads stdin and never answers: a server that never finishes initialize.
    process.stdin.resume();
  } else {
    const { connect } = createFixtureServer({
      name: 'fixture-stdio',
      instructions: env.FIXTURE_INSTRUCTIONS,
    });
    await connect(new StdioServerTransport());
  }
}
