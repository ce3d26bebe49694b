// Cancelling a tools/call by its id on the wire: aborting the router's CallInfo sends
// notifications/cancelled for exactly that request and rejects the SDK call at once, with no
// AbortSignal handed to the SDK (real SDK client and server, in memory).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CancelledNotificationSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CallInfo } from '../router/run.js';
import { RequestCancels } from './request-cancel.js';

interface Pair {
  client: Client;
  cancels: RequestCancels;
  cancelled: { requestId: unknown; reason: unknown }[];
  started: unknown[];
  close(): Promise<void>;
}

const open: Pair[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

/** A server whose `slow` tool answers only after `release()`, and that records cancellations. */
async function pair(): Promise<Pair & { release(): void }> {
  const server = new Server({ name: 't', version: '1.0.0' }, { capabilities: { tools: {} } });
  const cancelled: Pair['cancelled'] = [];
  const started: unknown[] = [];
  const waiting: (() => void)[] = [];
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'slow', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (_req, extra) => {
    started.push(extra.requestId);
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { content: [{ type: 'text', text: 'late' }] };
  });
  server.setNotificationHandler(CancelledNotificationSchema, (n) => {
    cancelled.push({ requestId: n.params.requestId, reason: n.params.reason });
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'c', version: '1.0.0' });
  await client.connect(a);
  const cancels = new RequestCancels(a);
  const p = {
    client,
    cancels,
    cancelled,
    started,
    release: () => waiting.splice(0).forEach((r) => r()),
    close: async () => {
      p.release();
      await client.close();
      await server.close();
    },
  };
  open.push(p);
  return p;
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setImmediate(r));
};

describe('RequestCancels', () => {
  it('aborting the CallInfo sends notifications/cancelled for that request id and rejects the call with the reason', async () => {
    const { client, cancels, cancelled, started } = await pair();
    // An earlier request, so the watched one is not the first id.
    await client.listTools();
    const info = new CallInfo('c1', undefined);
    const params = { name: 'slow', arguments: {} };
    const release = cancels.watch(params, info);
    const call = client.callTool(params);
    await until(() => started.length === 1);
    info.abort(new DOMException('slow timed out after 10 ms', 'TimeoutError'));
    await expect(call).rejects.toThrow('slow timed out after 10 ms');
    expect(cancels.cancelled(params)).toBe(true);
    release!();
    await until(() => cancelled.length === 1);
    expect(cancelled).toEqual([
      { requestId: started[0], reason: expect.stringContaining('timed out') },
    ]);
  });

  it('a released watch (its request answered) sends no notification when the call aborts later', async () => {
    const p = await pair();
    const info = new CallInfo('c2', undefined);
    const params = { name: 'slow', arguments: {} };
    const release = p.cancels.watch(params, info);
    const call = p.client.callTool(params);
    await until(() => p.started.length === 1);
    p.release();
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'late' }] });
    release!();
    info.abort(new Error('too late'));
    // One more round trip, so a notification sent by the abort would have arrived.
    const again = p.client.callTool({ name: 'slow', arguments: {} });
    await until(() => p.started.length === 2);
    p.release();
    await again;
    expect(p.cancelled).toEqual([]);
    expect(p.cancels.cancelled(params)).toBe(false);
  });

  it('watches only a caller with an abort slot: any other caller passes its own signal', async () => {
    const { cancels } = await pair();
    const info = { callId: 'x', session: undefined, signal: new AbortController().signal };
    expect(cancels.watch({}, info)).toBeUndefined();
  });
});
