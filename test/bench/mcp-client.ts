// dispatch.mcp-client: a call through host.call (router: lookup, policy, validation,
// approval, timeout, shaping, redaction, audit) to a real stdio MCP server, beside the raw
// MCP SDK client calling the same server over its own stdio connection (the same fixture,
// command and input), measured in alternating chunks; the router's overhead target is < 10%.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createSkillHost } from '@openclaw/skill-host';
import { alternating, summarize, type Figure } from './harness.js';

const FIXTURE = join(
  import.meta.dirname,
  '../../packages/host/src/mcp-client/testing/fixture-server.mjs',
);
export async function benchMcpClient(
  tmp: string,
  figures: Record<string, Figure>,
  notes: string[],
  quick = false,
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
    // Alternating chunks: drift on a shared machine reaches both sides alike. The raw SDK
    // call with an AbortSignal (what cancellation through the SDK needs) is a reference.
    const sides: Sides = {
      raw: (i) => client.callTool({ name: 'echo', arguments: { text: `hi ${i}` } }),
      routed: (i) => host.call({ name: 'mcp__bench__echo', input: { text: `hi ${i}` } }),
    };
    const measured = await alternating(
      {
        ...sides,
        rawSignal: (i) =>
          client.callTool({ name: 'echo', arguments: { text: `hi ${i}` } }, undefined, {
            signal: new AbortController().signal,
          }),
      },
      { batch: 20, timeMs: quick ? 2000 : 9000, chunkMs: 100 },
    );
    const raw = measured.raw!;
    const routed = measured.routed!;
    figures['dispatch.mcp-client.raw-sdk.signal'] = measured.rawSignal!;
    figures['dispatch.mcp-client.raw-sdk'] = raw;
    figures['dispatch.mcp-client'] = routed;
    const overhead =
      figures['dispatch.mcp-client'].median / figures['dispatch.mcp-client.raw-sdk'].median - 1;
    const cpu = await cpuPerCall(sides, quick ? 4 : 12);
    figures['dispatch.mcp-client.raw-sdk.cpu'] = cpu.raw;
    figures['dispatch.mcp-client.cpu'] = cpu.routed;
    notes.push(
      `${overhead < 0.1 ? 'met   ' : 'MISSED'} dispatch.mcp-client p50 within 10% of the raw MCP SDK client call to the same stdio server: ${(overhead * 100).toFixed(1)}% overhead`,
      `dispatch.mcp-client CPU time per call (this process): ${cpu.routed.median} us routed vs ${cpu.raw.median} us raw SDK`,
    );
  } finally {
    await host.close();
    await client.close();
  }
}

interface Sides {
  raw(i: number): Promise<unknown>;
  routed(i: number): Promise<unknown>;
}

/**
 * This process's CPU time per call (user + system, all threads) on each side, in alternating
 * rounds of sequential calls. On a shared machine, wall time also counts waiting for a busy
 * core and waking the server; CPU time is what the host's own path adds.
 */
async function cpuPerCall(sides: Sides, rounds: number): Promise<{ raw: Figure; routed: Figure }> {
  const CALLS = 200;
  const samples: { raw: number[]; routed: number[] } = { raw: [], routed: [] };
  for (let r = 0; r < rounds; r++) {
    for (const side of ['raw', 'routed'] as const) {
      const start = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await sides[side](i);
      const used = process.cpuUsage(start);
      samples[side].push((used.user + used.system) / CALLS);
    }
  }
  return { raw: summarize(samples.raw, 'us'), routed: summarize(samples.routed, 'us') };
}
