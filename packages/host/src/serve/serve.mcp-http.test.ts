// MCP over Streamable HTTP with the SDK's own client: tools from the catalog, calls through the
// router (policy, approval by elicitation), skill docs as resources, the prompt block as a
// prompt, and tools/list_changed when the catalog changes.
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCodeSkill } from '../testing/skill-folders.js';
import { httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let client: Client;

beforeAll(async () => {
  fx = await serveFixture();
  client = await httpClient(fx.serve);
});
afterAll(async () => {
  await client?.close();
  await fx?.cleanup();
});

const text = (r: Record<string, unknown>) =>
  (r.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('serve over Streamable HTTP', () => {
  it('lists the tools the client may call (not the one the config denies) with provider-safe names, schemas, titles and annotations', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(['notes_read', 'notes_wipe', 'skills_read', 'skills_search']);
    const read = tools.find((t) => t.name === 'notes_read')!;
    expect(read.title).toBe('Read a note');
    expect(read._meta).toEqual({ 'io.openclaw/canonicalName': 'notes.read' });
    expect(read.description).toBe('Read one note by id.');
    expect(read.inputSchema).toMatchObject({ required: ['id'], additionalProperties: false });
    expect(read.outputSchema).toMatchObject({ required: ['id', 'text'] });
    expect(read.annotations).toEqual({ readOnlyHint: true });
  });

  it('calls a tool through the router and returns its value as text and structured content', async () => {
    const r = await client.callTool({ name: 'notes_read', arguments: { id: '7' } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ id: '7', text: 'note 7' });
    expect(JSON.parse(text(r))).toEqual({ id: '7', text: 'note 7' });
    // The call's metadata crosses the wire under the host's own _meta key.
    expect(r._meta?.['io.openclaw/call']).toMatchObject({
      durationMs: expect.any(Number) as number,
      runner: expect.stringMatching(/^(inline|worker|sandbox)$/) as string,
      approved: 'auto',
      truncated: false,
    });
  });

  it('returns invalid input as a tool error naming INVALID_INPUT', async () => {
    const r = await client.callTool({ name: 'notes_read', arguments: { id: 7 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^Error INVALID_INPUT: /);
  });

  it('returns a call the policy refuses as a tool error with the code and the hint', async () => {
    const r = await client.callTool({ name: 'notes_blocked', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('Error POLICY_DENIED: Tool notes_blocked is not allowed here');
    expect(text(r)).toContain(
      `Hint: Do not retry it; if the user needs it they can change the policy in ${join(fx.home, 'config.json')}`,
    );
  });

  it('refuses a call that needs approval, when the client cannot elicit, with a hint naming approvals.auto', async () => {
    const r = await client.callTool({ name: 'notes_wipe', arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('Error APPROVAL_REQUIRED: notes_wipe needs approval');
    expect(text(r)).toContain(
      `add "notes.wipe" to "approvals.auto" in ${join(fx.home, 'config.json')}`,
    );
  });

  it('asks for approval by elicitation: accept runs the tool, decline refuses it', async () => {
    const asking = await httpClient(fx.serve, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    let answer: 'yes' | 'no' = 'yes';
    asking.setRequestHandler(ElicitRequestSchema, (req) => {
      asked.push(req.params.message);
      return answer === 'yes'
        ? { action: 'accept', content: { approve: true } }
        : { action: 'decline' };
    });
    try {
      const yes = await asking.callTool({ name: 'notes_wipe', arguments: {} });
      expect(yes.isError).toBeFalsy();
      expect(text(yes)).toBe('wiped');
      expect(yes._meta?.['io.openclaw/call']).toMatchObject({
        approved: 'user',
        approvedBy: 'mcp-client',
      });
      answer = 'no';
      const no = await asking.callTool({ name: 'notes_wipe', arguments: {} });
      expect(no.isError).toBe(true);
      expect(text(no)).toContain('Error APPROVAL_DENIED');
      expect(asked).toHaveLength(2);
      expect(asked[0]).toContain('notes.wipe needs your approval');
    } finally {
      await asking.close();
    }
  });

  it('lists each ready skill SKILL.md as a resource and reads it', async () => {
    const { resources } = await client.listResources();
    expect(resources.filter((r) => r.uri.endsWith('/SKILL.md')).map((r) => r.uri)).toEqual([
      'skill://guide/SKILL.md',
      'skill://notes/SKILL.md',
    ]);
    const doc = await client.readResource({ uri: 'skill://guide/SKILL.md' });
    expect(doc.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    expect((doc.contents[0] as { text: string }).text).toContain('Read notes with notes.read.');
    await expect(client.readResource({ uri: 'skill://nope/SKILL.md' })).rejects.toThrow(
      /No skill file at skill:\/\/nope\/SKILL.md/,
    );
  });

  it('offers the prompt block as the available_skills prompt', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['available_skills']);
    const p = await client.getPrompt({ name: 'available_skills', arguments: {} });
    const block = (p.messages[0]!.content as { text: string }).text;
    expect(block).toBe(fx.serve.host.prompt().text);
    expect(block).toContain('<name>guide</name>');
    // The read tool the block names is the one this client lists.
    expect(block).toContain('the `skills_read` tool');
  });

  it('sends tools/list_changed after a skill folder is added and rescanned; the next list has its tool', async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    await writeCodeSkill(join(fx.workspace, 'skills'), 'extra', { tools: ['ping'] });
    await fx.serve.host.rescan();
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('extra_ping');
  });
});
