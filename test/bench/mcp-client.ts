// dispatch.mcp-client: a call through host.call (router: lookup, policy, validation,
// approval, timeout, shaping, redaction, audit) to a real stdio MCP server, beside the raw
// MCP SDK client calling the same server over its own stdio connection. Rounds alternate
// so both sides see the same machine load; the router's overhead target is < 10%.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createSkillHost } from '@openclaw/skill-host';
import { microAsync, type Figure } from './harness.js';

const FIXTURE = join(
  import.meta.dirname,
  '../../packages/host/src/mcp-client/testing/fixture-server.mjs',
);
const ROUNDS = 3;

const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const combine = (fs: Figure[]): Figure => ({
  median: medianOf(fs.map((f) => f.median)),
  p99: medianOf(fs.map((f) => f.p99)),
  unit: fs[0]!.unit,
});

export async function benchMcpClient(
  tmp: string,
  figures: Record<string, Figure>,
  notes: string[],
): Promise<void> {
  const client = new Client({ name: 'bench-raw', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE] }));
  const host = await createSkillHost({
    workspace: join(tmp, 'mcp-ws'),
    home: join(tmp, 'mcp-home'),
    userHome: join(tmp, 'mcp-user'),
    env: {},
    hostTools: false,
    config: {
      mcpServers: {
        bench: { command: process.execPath, args: [FIXTURE], eager: true, trusted: true },
      },
    },
  });
  try {
    const warm = await host.call({ name: 'mcp__bench__echo', input: { text: 'warm' } });
    if (warm.isError) throw new Error(`mcp-client bench: ${warm.code} ${warm.message}`);
    await client.callTool({ name: 'echo', arguments: { text: 'warm' } });
    const raw: Figure[] = [];
    const routed: Figure[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      raw.push(
        await microAsync((i) => client.callTool({ name: 'echo', arguments: { text: `hi ${i}` } }), {
          batch: 20,
          timeMs: 1000,
        }),
      );
      routed.push(
        await microAsync(
          (i) => host.call({ name: 'mcp__bench__echo', input: { text: `hi ${i}` } }),
          { batch: 20, timeMs: 1000 },
        ),
      );
    }
    figures['dispatch.mcp-client.raw-sdk'] = combine(raw);
    figures['dispatch.mcp-client'] = combine(routed);
    const overhead =
      figures['dispatch.mcp-client'].median / figures['dispatch.mcp-client.raw-sdk'].median - 1;
    notes.push(
      `${overhead < 0.1 ? 'met   ' : 'MISSED'} dispatch.mcp-client p50 within 10% of the raw MCP SDK client call to the same stdio server: ${(overhead * 100).toFixed(1)}% overhead`,
    );
  } finally {
    await host.close();
    await client.close();
  }
}
