// serve over stdio in both protocol eras with the SDK 2.x client: the first message picks the
// era (server/discover: 2026-07-28 through the SDK's serveStdio; initialize: a 2025 session).
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  Client,
  ReadBuffer,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { writeCodeSkill } from '../testing/skill-folders.js';
import { isModernFirstLine } from './stdio-eras.js';
import { serveFixture } from './serve.fixtures.js';

/** A client transport over a pair of in-process pipes (what a child's stdio would be). */
class PipeTransport implements Transport {
  onmessage?: (m: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (e: Error) => void;
  private buffer = new ReadBuffer();
  constructor(
    private readonly toServer: PassThrough,
    private readonly fromServer: PassThrough,
  ) {}
  async start() {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let m = this.buffer.readMessage(); m; m = this.buffer.readMessage()) this.onmessage?.(m);
    });
  }
  async send(message: JSONRPCMessage) {
    this.toServer.write(serializeMessage(message));
  }
  async close() {
    this.toServer.end();
    this.onclose?.();
  }
}

async function stdioServe(era: 'modern' | 'legacy', { approves }: { approves?: boolean } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const fx = await serveFixture({ transport: 'stdio', stdin, stdout });
  const client = new Client(
    { name: `stdio-${era}`, version: '1.0.0' },
    {
      ...(era === 'modern' && { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
      ...(approves !== undefined && { capabilities: { elicitation: { form: {} } } }),
    },
  );
  if (approves !== undefined) {
    client.setRequestHandler('elicitation/create', () => ({
      action: 'accept',
      content: { approve: approves },
    }));
  }
  await client.connect(new PipeTransport(stdin, stdout));
  return { fx, client };
}

describe('serve over stdio in both eras', () => {
  it('tells a 2026-07-28 first line (discover, or the _meta envelope) from initialize', () => {
    expect(isModernFirstLine('{"jsonrpc":"2.0","id":1,"method":"server/discover"}')).toBe(true);
    expect(
      isModernFirstLine(
        '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}',
      ),
    ).toBe(true);
    expect(isModernFirstLine('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}')).toBe(
      false,
    );
    expect(isModernFirstLine('not json')).toBe(false);
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: negotiates its era, lists and calls tools, and hears tools list_changed`, async () => {
      const { fx, client } = await stdioServe(era);
      try {
        const version = client.getNegotiatedProtocolVersion();
        if (era === 'modern') expect(version).toBe('2026-07-28');
        else expect(version).not.toBe('2026-07-28');
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('notes_read');
        const r = await client.callTool({ name: 'notes_read', arguments: { id: '5' } });
        expect(r.structuredContent).toEqual({ id: '5', text: 'note 5' });
        const heard = new Promise<void>((resolve) =>
          client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
        );
        const subscription =
          era === 'modern' ? await client.listen({ toolsListChanged: true }) : undefined;
        await writeCodeSkill(join(fx.workspace, 'skills'), 'extra', { tools: ['ping'] });
        await fx.serve.host.rescan();
        await heard;
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('extra_ping');
        await subscription?.close();
      } finally {
        await client.close();
        await fx.cleanup();
      }
    });
  }

  it('modern: a call needing approval runs once the client approves the input_required elicitation', async () => {
    const { fx, client } = await stdioServe('modern', { approves: true });
    try {
      const r = await client.callTool({ name: 'notes_wipe', arguments: {} });
      expect(r.isError).toBeFalsy();
      expect(JSON.stringify(r.content)).toContain('wiped');
    } finally {
      await client.close();
      await fx.cleanup();
    }
  });
});
