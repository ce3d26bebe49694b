// An embedder's first turn offers the MCP servers' tools: host.mcp.ready() waits (bounded)
// for servers never listed before, and a later run offers the last known list at once while
// the server starts. A broken server is reported, never waited on past the bound.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillHost } from '../host.js';
import { tempDir } from '../testing/skill-folders.js';
import { openHost, stdioFixture } from './testing/open-host.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(...args: Parameters<typeof openHost>) {
  const opened = await openHost(...args);
  hosts.push(opened.host);
  return opened;
}

const names = (host: SkillHost) => host.tools.definitions('anthropic').map((d) => d.name);

describe('MCP tools on the first call', () => {
  it('ready() starts the servers and the first definitions include their tools; a broken server is reported with its reason', async () => {
    const { host } = await open({
      good: stdioFixture(),
      missing: { command: 'openclaw-no-such-mcp-server' },
    });
    const status = Object.fromEntries(
      (await host.mcp.ready({ timeoutMs: 60_000 })).map((s) => [s.name, s]),
    );
    expect(status.good).toMatchObject({ state: 'ready' });
    expect(status.missing).toMatchObject({
      state: 'failing',
      reason: 'command not found: openclaw-no-such-mcp-server (fix mcpServers.missing.command)',
    });
    expect(names(host)).toEqual(expect.arrayContaining(['mcp__good__echo', 'mcp__good__add']));
    expect(names(host).some((n) => n.startsWith('mcp__missing__'))).toBe(false);
    const problems = host.skills.find((s) => s.name === 'mcp__missing')!.problems;
    expect(problems[0]).toMatchObject({ code: 'MCP_SERVER_FAILING', field: 'mcpServers.missing' });
  });

  it('ready() answers after its bound with a server that never finishes starting reported as starting', async () => {
    const { host } = await open({
      hung: stdioFixture({ startTimeoutMs: 5_000, env: { FIXTURE_HANG: '1' } }),
    });
    const [hung] = await host.mcp.ready({ timeoutMs: 200 });
    expect(hung).toMatchObject({ name: 'hung', state: 'starting', tools: [] });
  });

  it('a later run offers the last known tools on its first definitions call and starts the server', async () => {
    const first = await open({ s: stdioFixture() });
    await first.host.mcp.ready();
    await first.host.close();

    const { host } = await open({ s: stdioFixture() }, { home: first.home });
    expect(host.mcp.servers()[0]).toMatchObject({ state: 'stopped', toolsFrom: 'cache' });
    expect(names(host)).toContain('mcp__s__echo');
    // Asking for the definitions started it.
    expect(host.mcp.servers()[0]!.state).not.toBe('stopped');
    const r = await host.call({ name: 'mcp__s__echo', input: { text: 'hi' } });
    expect(r).toMatchObject({ isError: false, text: 'echo: hi' });
    expect(host.mcp.servers()[0]).not.toHaveProperty('toolsFrom');
  });

  it('the last known list is not used for a changed server entry', async () => {
    const first = await open({ s: stdioFixture() });
    await first.host.mcp.ready();
    await first.host.close();
    const { host } = await open({ s: stdioFixture({ include: ['echo'] }) }, { home: first.home });
    expect(host.mcp.servers()[0]).toMatchObject({ state: 'stopped', tools: [] });
  });

  it('a server known from an earlier run that now fails to start offers nothing once it failed', async () => {
    const crashFile = join(await tempDir('oc-crash-'), 'crash');
    const entry = () => ({ s: stdioFixture({ env: { FIXTURE_CRASH_FILE: crashFile } }) });
    const first = await open(entry());
    await first.host.mcp.ready();
    await first.host.close();
    await writeFile(crashFile, '5'); // the next starts crash

    const { host } = await open(entry(), { home: first.home });
    expect(names(host)).toContain('mcp__s__echo');
    await host.mcp.ready();
    expect(host.mcp.servers()[0]).toMatchObject({ state: 'failing', tools: [] });
    expect(names(host)).not.toContain('mcp__s__echo');
  });
});
