// serve's /mcp endpoint with the official SDK 2.x client in both eras: 2026-07-28
// (stateless requests, server/discover, subscriptions/listen) and 2025-era sessions.
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeCodeSkill } from '../testing/skill-folders.js';
import { serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let modern: Client;
let legacy: Client;

async function connect(era: 'modern' | 'legacy'): Promise<Client> {
  const client = new Client(
    { name: `serve-test-${era}`, version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(fx.serve.mcpUrl!), {
      requestInit: { headers: { Authorization: `Bearer ${fx.serve.info!.token}` } },
    }),
  );
  return client;
}

beforeAll(async () => {
  fx = await serveFixture();
  modern = await connect('modern');
  legacy = await connect('legacy');
});
afterAll(async () => {
  await modern?.close();
  await legacy?.close();
  await fx?.cleanup();
});

const text = (r: { content?: unknown }) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('');
const SkillsList = z.looseObject({ skills: z.array(z.looseObject({ uri: z.string() })) });

describe('serve with the SDK 2.x client', () => {
  it('negotiates 2026-07-28 through server/discover for a modern client and 2025 for a legacy one', () => {
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(legacy.getNegotiatedProtocolVersion()).not.toBe('2026-07-28');
    for (const c of [modern, legacy]) {
      expect(c.getServerVersion()?.name).toBe('openclaw-skill-host');
      expect(c.getServerCapabilities()?.extensions).toEqual({
        'io.modelcontextprotocol/skills': { directoryRead: true },
      });
    }
  });

  it('lists the same provider-safe tools in both eras', async () => {
    const names = async (c: Client) => (await c.listTools()).tools.map((t) => t.name);
    expect(await names(modern)).toEqual([
      'notes_read',
      'notes_wipe',
      'skills_read',
      'skills_search',
    ]);
    expect(await names(legacy)).toEqual(await names(modern));
  });

  it('calls a tool statelessly in the modern era and in a session in the legacy era', async () => {
    for (const c of [modern, legacy]) {
      const r = await c.callTool({ name: 'notes_read', arguments: { id: '3' } });
      expect(r.structuredContent).toEqual({ id: '3', text: 'note 3' });
    }
    const refused = await modern.callTool({ name: 'notes_wipe', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('add "notes.wipe" to "approvals.auto"');
  });

  it('answers skills/list and reads a skill:// resource in the modern era', async () => {
    const r = await modern.request({ method: 'skills/list', params: {} }, SkillsList);
    expect(r.skills.map((s) => s.uri)).toEqual([
      'skill://guide/SKILL.md',
      'skill://notes/SKILL.md',
    ]);
    const doc = await modern.readResource({ uri: 'skill://guide/SKILL.md' });
    expect((doc.contents[0] as { text: string }).text).toContain('Read notes with notes.read.');
  });

  it('delivers tools list_changed on a subscriptions/listen stream (modern) and on the session stream (legacy)', async () => {
    const heard = (c: Client) =>
      new Promise<void>((resolve) =>
        c.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
    const modernHeard = heard(modern);
    const legacyHeard = heard(legacy);
    const subscription = await modern.listen({ toolsListChanged: true });
    try {
      await writeCodeSkill(join(fx.workspace, 'skills'), 'extra', { tools: ['ping'] });
      await fx.serve.host.rescan();
      await Promise.all([modernHeard, legacyHeard]);
      expect((await modern.listTools()).tools.map((t) => t.name)).toContain('extra_ping');
    } finally {
      await subscription.close();
    }
  });

  it('checks Mcp-Method against the body (400, -32020) and marks results with resultType and cache hints', async () => {
    const post = (method: string, headerMethod: string) =>
      fetch(fx.serve.mcpUrl!, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fx.serve.info!.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': headerMethod,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method,
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
    const mismatch = await post('tools/list', 'prompts/list');
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: { code: number } }).error.code).toBe(-32020);
    const ok = await post('tools/list', 'tools/list');
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { result: Record<string, unknown> };
    expect(body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 60000,
      cacheScope: 'private',
    });
  });
});
