// Bad MCP server config gives one clear line per server and leaves the rest of the host
// serving: a command that does not exist, a URL that refuses, a server that never answers
// initialize, an entry with neither command nor url. A URL that speaks only the older SSE
// transport is reached through the fallback.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '../host.js';
import { startHttpFixture } from './testing/http-server.mjs';
import { openHost, stdioFixture } from './testing/open-host.js';

let http: Awaited<ReturnType<typeof startHttpFixture>>;
let host: SkillHost;

/** A loopback URL nothing listens on (a port bound, then released). */
async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/mcp`;
}

beforeAll(async () => {
  http = await startHttpFixture();
  ({ host } = await openHost({
    missing: { command: 'openclaw-no-such-mcp-server', eager: true },
    refused: { url: await refusedUrl(), eager: true },
    silent: stdioFixture({ eager: true, startTimeoutMs: 500, env: { FIXTURE_HANG: '1' } }),
    empty: { args: ['x'] },
    legacy: { url: http.sseUrl, eager: true },
    good: stdioFixture({ eager: true }),
  }));
});
afterAll(async () => {
  await host?.close();
  await http?.close();
});

describe('bad MCP server config', () => {
  it('gives one clear line per failing server', () => {
    const byName = Object.fromEntries(host.mcp.servers().map((s) => [s.name, s]));
    expect(byName.missing).toMatchObject({
      state: 'failing',
      reason: 'command not found: openclaw-no-such-mcp-server (fix mcpServers.missing.command)',
    });
    expect(byName.refused!.state).toBe('failing');
    expect(byName.refused!.reason).toMatch(
      /^connection refused at http:\/\/127\.0\.0\.1:\d+\/mcp$/,
    );
    expect(byName.silent).toMatchObject({
      state: 'failing',
      reason: 'no answer to initialize within 500 ms (mcpServers.silent.startTimeoutMs)',
    });
    expect(byName.empty).toMatchObject({ state: 'invalid' });
    expect(byName.empty!.reason).toBe(
      'MCP server "empty" needs "command" (a program speaking MCP on stdio) or "url" (Streamable HTTP).',
    );
    for (const s of Object.values(byName)) expect(s.reason ?? '').not.toContain('\n');
  });

  it('answers SKILL_UNAVAILABLE with the reason for tools of a server that never started', async () => {
    const r = await host.call({ name: 'mcp__missing__echo', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_UNAVAILABLE' });
    if (r.isError) expect(r.message).toContain('command not found: openclaw-no-such-mcp-server');
  });

  it('keeps serving the good server, and reaches an SSE-only server through the fallback', async () => {
    const good = await host.call({ name: 'mcp__good__echo', input: { text: 'ok' } });
    expect(good).toMatchObject({ isError: false, text: 'echo: ok' });
    expect(host.mcp.servers().find((s) => s.name === 'legacy')).toMatchObject({
      state: 'ready',
      transport: 'sse',
    });
    const legacy = await host.call({ name: 'mcp__legacy__echo', input: { text: 'old' } });
    expect(legacy).toMatchObject({ isError: false, text: 'echo: old' });
  });

  it('reports failing and invalid servers as catalog problems naming the config field', () => {
    const records = host.skills.filter((s) => s.source.kind === 'mcp');
    const status = Object.fromEntries(records.map((r) => [r.name, r.status]));
    expect(status).toMatchObject({
      mcp__missing: 'ineligible',
      mcp__empty: 'invalid',
      mcp__good: 'ready',
    });
    const missing = records.find((r) => r.name === 'mcp__missing')!;
    expect(missing.problems[0]).toMatchObject({ field: 'mcpServers.missing', severity: 'error' });
  });
});
