// An mcpServers entry whose server speaks only the 2026-07-28 revision (the official SDK 2.x
// server, stateless, refusing 2025 `initialize`): the host falls back to the SDK 2.x client,
// lists the server's tools and calls them through the router.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '../host.js';
import { refusesLegacyVersion } from './modern-client.js';
import { openHost } from './testing/open-host.js';

let server: ChildProcess;
let serverHome: string;
let url: string;
let host: SkillHost;

beforeAll(async () => {
  serverHome = await mkdtemp(join(tmpdir(), 'modern-only-home-'));
  server = spawn(process.execPath, [join(import.meta.dirname, 'testing/modern-only-server.mjs')], {
    env: { ...process.env, HOME: serverHome },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout! });
  url = await new Promise<string>((resolve) => lines.once('line', resolve));
  ({ host } = await openHost({ modern: { url, eager: true, trusted: true } }));
});
afterAll(async () => {
  await host?.close();
  server?.kill();
  await rm(serverHome, { recursive: true, force: true });
});

describe('an MCP server that speaks only 2026-07-28', () => {
  it('refuses a 2025 initialize with the unsupported-version error the fallback recognises', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } =
      await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const legacy = new Client({ name: 'probe', version: '1.0.0' }, { capabilities: {} });
    const failure = await legacy.connect(new StreamableHTTPClientTransport(new URL(url))).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refusesLegacyVersion(failure)).toBe(true);
    expect(refusesLegacyVersion(new Error('connection reset'))).toBe(false);
  });

  it('lists its tools as mcp__<server>__<tool> through the SDK 2.x client', () => {
    const names = host.tools.definitions('mcp').map((d) => d.name);
    expect(names).toContain('mcp__modern__echo');
  });

  it('calls its tool through the router and returns the server text', async () => {
    const r = await host.call({ name: 'mcp__modern__echo', input: { text: 'hi' } });
    expect(r.isError).toBe(false);
    expect(JSON.stringify(r)).toContain('echo: hi');
  });

  it('lists a tool the server adds once the server announces it on subscriptions/listen', async () => {
    const changed = new Promise<void>((resolve) => {
      const check = () => {
        if (!host.tools.definitions('mcp').some((d) => d.name === 'mcp__modern__shout')) return;
        host.off('change', check);
        resolve();
      };
      host.on('change', check);
    });
    await fetch(new URL('/add-tool', url), { method: 'POST' });
    await changed;
    const r = await host.call({ name: 'mcp__modern__shout', input: { text: 'hi' } });
    expect(JSON.stringify(r)).toContain('HI');
  });
});
