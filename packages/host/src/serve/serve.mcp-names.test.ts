// serve with `serve.toolNames: "canonical"`: dotted names on the wire, and everything serve
// tells the model (the prompt block, error text, instructions) names tools the same way.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_NAME_PATTERN } from '../formats/names.js';
import { httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let client: Client;

beforeAll(async () => {
  fx = await serveFixture({
    config: { policy: { deny: ['notes.blocked'] }, serve: { toolNames: 'canonical' } },
  });
  client = await httpClient(fx.serve);
});
afterAll(async () => {
  await client?.close();
  await fx?.cleanup();
});

const text = (r: Record<string, unknown>) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('serve.toolNames "canonical"', () => {
  it('lists dotted canonical names with no canonical-name _meta', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'notes.read',
      'notes.wipe',
      'skills.read',
      'skills.search',
    ]);
    expect(tools.some((t) => WIRE_NAME_PATTERN.test(t.name))).toBe(false);
    expect(tools.find((t) => t.name === 'notes.wipe')!._meta).toBeUndefined();
  });

  it('names the dotted read tool in the available_skills prompt and the instructions', async () => {
    const p = await client.getPrompt({ name: 'available_skills', arguments: {} });
    expect((p.messages[0]!.content as { text: string }).text).toContain('the `skills.read` tool');
    expect(client.getInstructions()).toContain('or the skills.read tool');
  });

  it('names the dotted tool in error text', async () => {
    const r = await client.callTool({ name: 'notes.blocked', arguments: {} });
    expect(text(r)).toContain('Error POLICY_DENIED: Tool notes.blocked is not allowed here');
  });
});

describe('serve tool names by default', () => {
  it('every listed name matches what OpenAI and Anthropic accept; a tool without a title gets its canonical name as title', async () => {
    const other = await serveFixture();
    const c = await httpClient(other.serve);
    try {
      const { tools } = await c.listTools();
      expect(tools.every((t) => WIRE_NAME_PATTERN.test(t.name))).toBe(true);
      const wipe = tools.find((t) => t.name === 'notes_wipe')!;
      expect(wipe.title).toBe('notes.wipe');
      expect(wipe._meta).toEqual({ 'io.openclaw/canonicalName': 'notes.wipe' });
      expect(c.getInstructions()).toContain('or the skills_read tool');
      // Both names call the tool: a client that kept a dotted name from before still works.
      const dotted = await c.callTool({ name: 'notes.read', arguments: { id: '1' } });
      expect(dotted.structuredContent).toEqual({ id: '1', text: 'note 1' });
    } finally {
      await c.close();
      await other.cleanup();
    }
  });
});
