// Approvals for the 2026-07-28 revision through multi round-trip requests, with the official
// SDK 2.x client: the call answers input_required with an elicitation, and the client's retry
// carrying the user's answer runs or refuses it.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
const open: Client[] = [];

/** What the user answers, and every elicitation message the client saw. */
interface Asking {
  answer: 'approve' | 'deny' | 'decline';
  asked: string[];
}

async function modernClient(asking?: Asking): Promise<Client> {
  const client = new Client(
    { name: 'approval-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      ...(asking && { capabilities: { elicitation: { form: {} } } }),
    },
  );
  if (asking) {
    client.setRequestHandler('elicitation/create', (req) => {
      asking.asked.push(req.params.message);
      if (asking.answer === 'decline') return { action: 'decline' };
      return { action: 'accept', content: { approve: asking.answer === 'approve' } };
    });
  }
  await client.connect(
    new StreamableHTTPClientTransport(new URL(fx.serve.mcpUrl!), {
      requestInit: { headers: { Authorization: `Bearer ${fx.serve.info!.token}` } },
    }),
  );
  open.push(client);
  return client;
}

beforeAll(async () => {
  fx = await serveFixture();
});
afterAll(async () => {
  for (const c of open) await c.close();
  await fx?.cleanup();
});

const text = (r: { content?: unknown }) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('approvals over 2026-07-28 input_required', () => {
  it('runs a call needing approval once the client answers the embedded elicitation with approve', async () => {
    const asking: Asking = { answer: 'approve', asked: [] };
    const client = await modernClient(asking);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const r = await client.callTool({ name: 'notes_wipe', arguments: {} });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('wiped');
    expect(asking.asked).toHaveLength(1);
    expect(asking.asked[0]).toContain('notes.wipe needs your approval');
  });

  it('refuses the call when the user answers approve: false', async () => {
    const asking: Asking = { answer: 'deny', asked: [] };
    const r = await (await modernClient(asking)).callTool({ name: 'notes_wipe', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).not.toContain('wiped');
    expect(asking.asked).toHaveLength(1);
  });

  it('refuses the call when the user declines the elicitation', async () => {
    const asking: Asking = { answer: 'decline', asked: [] };
    const r = await (await modernClient(asking)).callTool({ name: 'notes_wipe', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).not.toContain('wiped');
    expect(asking.asked).toHaveLength(1);
  });

  it('refuses with the approvals.auto hint when the client declares no elicitation', async () => {
    const r = await (await modernClient()).callTool({ name: 'notes_wipe', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('add "notes.wipe" to "approvals.auto"');
  });

  it('does not ask for approval for a tool that needs none', async () => {
    const asking: Asking = { answer: 'deny', asked: [] };
    const r = await (
      await modernClient(asking)
    ).callTool({
      name: 'notes_read',
      arguments: { id: '1' },
    });
    expect(r.structuredContent).toEqual({ id: '1', text: 'note 1' });
    expect(asking.asked).toEqual([]);
  });

  it('does not take an approval whose requestState was not minted for this call: it asks again, or refuses without elicitation', async () => {
    const forged = (clientCapabilities: Record<string, unknown>) =>
      rawCall({
        name: 'notes_wipe',
        arguments: {},
        inputResponses: { approve: { action: 'accept', content: { approve: true } } },
        requestState: 'not-minted-by-serve',
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': clientCapabilities,
        },
      });
    const asked = await forged({ elicitation: { form: {} } });
    expect(asked).toMatchObject({ resultType: 'input_required' });
    expect(asked.inputRequests).toHaveProperty('approve');
    const refused = await forged({});
    expect(refused).toMatchObject({ resultType: 'complete', isError: true });
    expect(JSON.stringify(refused)).toContain('approvals.auto');
  });
});

/** One 2026-07-28 tools/call over plain HTTP, returning its JSON-RPC result. */
async function rawCall(params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(fx.serve.mcpUrl!, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${fx.serve.info!.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': String(params.name),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
  });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
  if (!body.result) throw new Error(`tools/call failed: ${JSON.stringify(body.error)}`);
  return body.result;
}
