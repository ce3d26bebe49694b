// A real MCP SDK client and server linked in memory, whose `slow` tool answers only after
// `release()` and whose server records every notifications/cancelled it receives: what the
// cancellation suites observe.
import { EventEmitter } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CancelledNotificationSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

export interface SlowPair {
  client: Client;
  /** The client's side of the link (connected). */
  transport: InMemoryTransport;
  cancelled: { requestId: unknown; reason: unknown }[];
  /** The request ids of the tools/call requests the server started. */
  started: unknown[];
  release(): void;
  close(): Promise<void>;
}

const open: SlowPair[] = [];
/** Says when any pair's server recorded something (what `until` waits on). */
const recorded = new EventEmitter().setMaxListeners(0);

/** Closes every pair opened since the last call (for afterEach). */
export async function closeSlowPairs(): Promise<void> {
  await Promise.all(open.splice(0).map((p) => p.close()));
}

export async function slowPair(): Promise<SlowPair> {
  const server = new Server({ name: 't', version: '1.0.0' }, { capabilities: { tools: {} } });
  const cancelled: SlowPair['cancelled'] = [];
  const started: unknown[] = [];
  const waiting: (() => void)[] = [];
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'slow', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (_req, extra) => {
    started.push(extra.requestId);
    recorded.emit('recorded');
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { content: [{ type: 'text', text: 'late' }] };
  });
  server.setNotificationHandler(CancelledNotificationSchema, (n) => {
    cancelled.push({ requestId: n.params.requestId, reason: n.params.reason });
    recorded.emit('recorded');
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'c', version: '1.0.0' });
  await client.connect(a);
  const release = () => waiting.splice(0).forEach((r) => r());
  const p: SlowPair = {
    client,
    transport: a,
    cancelled,
    started,
    release,
    close: async () => {
      release();
      await client.close();
      await server.close();
    },
  };
  open.push(p);
  return p;
}

/** Resolves once `cond()` holds, checked each time a server records a start or a cancel. */
export function until(cond: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!cond()) return;
      recorded.off('recorded', check);
      resolve();
    };
    recorded.on('recorded', check);
    check();
  });
}
