// OpenClaw's form of an mcpServers entry (`transport` instead of `type`) is accepted, and an
// entry that fails its check is that server's problem only: the host starts from a
// config.json holding it, lists the server as invalid with the reason, and serves the rest.
// Results of a server not marked trusted reach the model wrapped as untrusted data.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_KEY, toWireResult } from '../formats/wire-result.js';
import type { SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { startHttpFixture } from './testing/http-server.mjs';
import { openHost, stdioFixture } from './testing/open-host.js';

let http: Awaited<ReturnType<typeof startHttpFixture>>;
let host: SkillHost;
let configFile: string;

beforeAll(async () => {
  http = await startHttpFixture();
  const home = join(await tempDir('oc-mcp-openclaw-'), 'home');
  await mkdir(home, { recursive: true });
  configFile = join(home, 'config.json');
  const config = {
    mcpServers: {
      good: { transport: 'stdio', ...stdioFixture() },
      legacy: { transport: 'sse', url: http.sseUrl, untrusted: { wrap: false } },
      typo: { command: 'x', timeoutMs: 'soon' },
      unknown: { command: 'x', autoStart: true },
      clash: { type: 'http', transport: 'sse', url: http.sseUrl },
    },
  };
  await writeFile(configFile, JSON.stringify(config));
  ({ host } = await openHost({}, { home }, { wrapResults: true }));
});
afterAll(async () => {
  await host?.close();
  await http?.close();
});

describe("OpenClaw's MCP config form", () => {
  it('a config.json with bad entries starts the host; each bad server is invalid with one line naming its field', () => {
    const byName = Object.fromEntries(host.mcp.servers().map((s) => [s.name, s]));
    expect(byName.typo).toMatchObject({ state: 'invalid' });
    expect(byName.typo!.reason).toBe(
      `MCP server "typo" is not usable: /mcpServers/typo/timeoutMs must be integer; fix it in ${configFile}.`,
    );
    expect(byName.unknown!.reason).toContain('unknown key "autoStart" at /mcpServers/unknown');
    expect(byName.clash!.reason).toBe(
      'MCP server "clash" has "type": "http" and "transport": "sse"; keep one.',
    );
    const record = host.skills.find((s) => s.name === 'mcp__typo')!;
    expect(record.status).toBe('invalid');
    expect(record.problems[0]).toMatchObject({
      code: 'MCP_CONFIG',
      field: 'mcpServers.typo.timeoutMs',
    });
    const unknown = host.skills.find((s) => s.name === 'mcp__unknown')!;
    expect(unknown.problems[0]!.field).toBe('mcpServers.unknown.autoStart');
  });

  it('transport "stdio" and "sse" work as type does', async () => {
    await host.mcp.ready({ timeoutMs: 60_000 });
    const byName = Object.fromEntries(host.mcp.servers().map((s) => [s.name, s]));
    expect(byName.good).toMatchObject({ state: 'ready', transport: 'stdio' });
    expect(byName.legacy).toMatchObject({ state: 'ready', transport: 'sse' });
    const legacy = await host.call({ name: 'mcp__legacy__echo', input: { text: 'old' } });
    expect(legacy).toMatchObject({ isError: false, text: 'echo: old' });
  });

  it("an untrusted server's result is wrapped with a nonce, and serve's MCP result says so in _meta", async () => {
    const r = await host.call({ name: 'mcp__good__echo', input: { text: 'ok' } });
    if (r.isError) throw new Error(r.message);
    const nonce = r.untrusted!.nonce;
    expect(r.untrusted).toEqual({ nonce, reason: 'mcp-server' });
    expect(r.text).toBe(
      `<<<UNTRUSTED_DATA ${nonce} source=mcp__good__echo>>>\necho: ok\n<<<END_UNTRUSTED_DATA ${nonce}>>>`,
    );
    const wire = toWireResult(r, 'mcp');
    expect(wire._meta![META_KEY]).toMatchObject({
      runner: 'mcp',
      approved: 'auto',
      truncated: false,
      untrusted: { nonce, reason: 'mcp-server' },
    });
  });
});
