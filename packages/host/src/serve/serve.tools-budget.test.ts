// serve's tools/list per MCP session under a token budget: the list is cut and offers
// tools_search; what one session finds joins that session's next list (the client is told
// the list changed), and only that session's.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let a: Client;
let b: Client;

beforeAll(async () => {
  fx = await serveFixture({ config: { tools: { budget: 200 } } });
  a = await httpClient(fx.serve);
  b = await httpClient(fx.serve);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await fx?.cleanup();
});

const names = async (c: Client) => (await c.listTools()).tools.map((t) => t.name);

describe('serve tools/list under a budget', () => {
  it('lists fewer tools than the catalog has, with tools_search for the rest', async () => {
    const listed = await names(a);
    expect(listed).toContain('tools_search');
    expect(listed).not.toContain('notes_wipe');
    expect(fx.serve.host.snapshot().tools.has('notes.wipe')).toBe(true);
  });

  it("a tools_search find, named as the client lists tools, joins the caller's session list, announced as a list change, and no other session's", async () => {
    const notified = new Promise<void>((resolve) =>
      a.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const r = await a.callTool({
      name: 'tools_search',
      arguments: { query: 'wipe notes', limit: 1 },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ tools: [{ name: 'notes_wipe' }] });
    expect(r.content).toEqual([
      expect.objectContaining({ text: expect.stringContaining('"notes_wipe"') as string }),
    ]);
    await notified;
    expect(await names(a)).toContain('notes_wipe');
    expect(await names(b)).not.toContain('notes_wipe');
  });
});
