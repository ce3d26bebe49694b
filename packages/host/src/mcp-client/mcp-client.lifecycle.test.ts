// Lifecycle: lazy start on first call, tools/list_changed makes a new snapshot, a timed-out
// call sends notifications/cancelled to the server, close() stops every child process.
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { SkillHost } from '../host.js';
import { alive, openHost, stdioFixture } from './testing/open-host.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(...args: Parameters<typeof openHost>) {
  const opened = await openHost(...args);
  hosts.push(opened.host);
  return opened;
}

describe('MCP server lifecycle', () => {
  it('starts a lazy server on first use (a call, or the prompt asking for its tools), not at creation', async () => {
    const { host } = await open({ lazy: stdioFixture() });
    expect(host.mcp.servers()[0]).toMatchObject({ state: 'stopped', tools: [] });
    expect(host.prompt().included).toEqual(['mcp__lazy']);
    const r = await host.call({ name: 'mcp__lazy__echo', input: { text: 'first' } });
    expect(r).toMatchObject({ isError: false, text: 'echo: first' });
    expect(host.mcp.servers()[0]!.state).toBe('ready');
    expect(host.snapshot().tools.has('mcp__lazy__add')).toBe(true);
  });

  it('makes a new snapshot with the added tool when the server sends tools/list_changed', async () => {
    const { host } = await open({ s: stdioFixture({ eager: true }) });
    const before = host.snapshot();
    expect(before.tools.has('mcp__s__late')).toBe(false);
    const changed = new Promise<CatalogSnapshot>((resolve) => {
      const listener = (snap: CatalogSnapshot) => {
        if (snap.tools.has('mcp__s__late')) {
          host.off('change', listener);
          resolve(snap);
        }
      };
      host.on('change', listener);
    });
    const r = await host.call({ name: 'mcp__s__add_tool', input: {} });
    expect(r.isError).toBe(false);
    const after = await changed;
    expect(after.version).toBeGreaterThan(before.version);
    expect(host.snapshot().tools.has('mcp__s__late')).toBe(true);
    expect(host.tools.definitions('openai').map((d) => d.function.name)).toContain('mcp__s__late');
    const late = await host.call({ name: 'mcp__s__late', input: {} });
    expect(late).toMatchObject({ isError: false, text: 'late tool answered' });
  });

  it('sends notifications/cancelled to the server when a call times out', async () => {
    const { host } = await open({ s: stdioFixture({ eager: true, timeoutMs: 300 }) });
    const r = await host.call({ name: 'mcp__s__slow', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'TIMEOUT' });
    const stats = await host.call({ name: 'mcp__s__stats', input: {} });
    if (stats.isError) throw new Error(stats.message);
    const seen = JSON.parse(stats.text) as {
      received: string[];
      cancelled: { requestId: number; reason: string }[];
    };
    expect(seen.received).toContain('notifications/cancelled');
    expect(seen.cancelled).toHaveLength(1);
    expect(seen.cancelled[0]!.reason).toContain('timed out');
  });

  it('sends notifications/cancelled when the caller aborts', async () => {
    const { host } = await open({ s: stdioFixture({ eager: true }) });
    const controller = new AbortController();
    const pending = host.call({ name: 'mcp__s__slow', input: {} }, { signal: controller.signal });
    // Abort once the server has the request (its stats call is answered after it).
    await host.call({ name: 'mcp__s__echo', input: { text: 'sync' } });
    controller.abort();
    expect(await pending).toMatchObject({ isError: true, code: 'ABORTED' });
    const stats = await host.call({ name: 'mcp__s__stats', input: {} });
    if (stats.isError) throw new Error(stats.message);
    expect((JSON.parse(stats.text) as { received: string[] }).received).toContain(
      'notifications/cancelled',
    );
  });

  it('stops every child process on close()', async () => {
    const { host } = await openHost({
      a: stdioFixture({ eager: true }),
      b: stdioFixture({ eager: true }),
    });
    const pids = host.mcp.servers().map((s) => s.pid!);
    expect(pids).toHaveLength(2);
    expect(pids.every(alive)).toBe(true);
    await host.close();
    expect(pids.map(alive)).toEqual([false, false]);
  });
});
