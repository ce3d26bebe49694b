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
});
