// A stdio server and a Streamable HTTP server configured together: their tools are in the
// catalog as mcp__<server>__<tool> in every format and every call goes through the router
// (policy, validation, approval, shaping, redaction, audit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWireResult } from '../formats/wire-result.js';
import { nameMapFor } from '../formats/names.js';
import { isAnthropicTool } from '../formats/types.js';
import type { SkillHost } from '../host.js';
import type { ApprovalRequest } from '../router/types.js';
import { startHttpFixture } from './testing/http-server.mjs';
import { auditLines, openHost, stdioFixture } from './testing/open-host.js';

const TOKEN = 'fixture-bearer-token-0123456789';
let http: Awaited<ReturnType<typeof startHttpFixture>>;
let host: SkillHost;
let home: string;
const asked: ApprovalRequest[] = [];

beforeAll(async () => {
  http = await startHttpFixture({ token: TOKEN });
  ({ host, home } = await openHost(
    {
      local: stdioFixture({
        eager: true,
        env: { FIXTURE_INSTRUCTIONS: 'Local fixture tools: echo, add, pictures.' },
      }),
      remote: {
        url: http.url,
        headers: { Authorization: `Bearer ${TOKEN}` },
        eager: true,
        trusted: true,
        exclude: ['add_tool'],
      },
    },
    {
      config: { policy: { deny: ['mcp__remote__fail'] } },
      approve: (req) => {
        asked.push(req);
        return req.input !== null && (req.input as { note?: string }).note !== 'no';
      },
    },
  ));
});
afterAll(async () => {
  await host?.close();
  await http?.close();
});

describe('MCP servers over stdio and Streamable HTTP', () => {
  it('lists every tool as mcp__<server>__<tool> in the Anthropic, OpenAI and MCP formats', () => {
    const anthropic = host.tools.definitions('anthropic').map((d) => d.name);
    const openai = host.tools.definitions('openai').map((d) => d.function.name);
    const mcp = host.tools.definitions('mcp').map((d) => d.name);
    for (const names of [anthropic, openai, mcp]) {
      expect(names).toEqual(expect.arrayContaining(['mcp__local__echo', 'mcp__remote__echo']));
      expect(names).toContain('mcp__local__add_tool');
      expect(names).not.toContain('mcp__remote__add_tool'); // excluded by glob
    }
    const map = nameMapFor(host.snapshot());
    expect(map.toCanonical(map.toWire('mcp__remote__delete_all'))).toBe('mcp__remote__delete_all');
    const echo = host.tools
      .definitions('anthropic')
      .filter(isAnthropicTool)
      .find((d) => d.name === 'mcp__local__echo');
    expect(echo?.description).toBe('Echoes the text back.');
    expect(host.mcp.servers().map((s) => [s.name, s.transport, s.state])).toEqual([
      ['local', 'stdio', 'ready'],
      ['remote', 'http', 'ready'],
    ]);
  });

  it('answers calls from both servers through the router, by wire name', async () => {
    const a = await host.call({ name: 'mcp__local__echo', input: { text: 'hi' } });
    const b = await host.call({ name: 'mcp__remote__echo', input: { text: 'there' } });
    expect(a).toMatchObject({ isError: false, name: 'mcp__local__echo', text: 'echo: hi' });
    expect(b).toMatchObject({ isError: false, name: 'mcp__remote__echo', text: 'echo: there' });
  });

  it('validates input against the server inputSchema before calling it', async () => {
    const r = await host.call({ name: 'mcp__local__echo', input: { text: 5 } });
    expect(r).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
  });

  it('denies by policy glob and by group:mcp like any skill tool', async () => {
    const byGlob = await host.call({ name: 'mcp__remote__fail', input: {} });
    expect(byGlob).toMatchObject({ isError: true, code: 'POLICY_DENIED' });
    const byGroup = await host.call(
      { name: 'mcp__local__echo', input: { text: 'x' } },
      { policy: { deny: ['group:mcp'] } },
    );
    expect(byGroup).toMatchObject({ isError: true, code: 'POLICY_DENIED' });
    const skillsStillAllowed = await host.call(
      { name: 'skills.search', input: { query: 'fixture' } },
      { policy: { deny: ['group:mcp'] } },
    );
    expect(skillsStillAllowed.isError).toBe(false);
  });

  it('asks approval for non-read-only tools of untrusted servers, and destructive ones of trusted', async () => {
    asked.length = 0;
    const readOnly = await host.call({ name: 'mcp__local__echo', input: { text: 'r' } });
    expect(readOnly.isError).toBe(false);
    expect(asked).toEqual([]);
    const approved = await host.call({ name: 'mcp__local__write_note', input: { note: 'yes' } });
    expect(approved).toMatchObject({ isError: false, text: 'noted: yes' });
    const declined = await host.call({ name: 'mcp__local__write_note', input: { note: 'no' } });
    expect(declined).toMatchObject({ isError: true, code: 'APPROVAL_DENIED' });
    const trustedWrite = await host.call({ name: 'mcp__remote__write_note', input: { note: 'x' } });
    expect(trustedWrite.isError).toBe(false);
    const destructive = await host.call({ name: 'mcp__remote__delete_all', input: {} });
    expect(destructive).toMatchObject({ isError: false, text: 'deleted everything' });
    expect(asked.map((r) => r.tool.name)).toEqual([
      'mcp__local__write_note',
      'mcp__local__write_note',
      'mcp__remote__delete_all',
    ]);
    expect(asked[2]!.reason).toContain('destructive');
  });

  it('maps structuredContent, images, embedded resources and isError to host results and back', async () => {
    const add = await host.call({ name: 'mcp__remote__add', input: { a: 2, b: 3 } });
    expect(add).toMatchObject({ isError: false, text: '5', structured: { sum: 5 } });
    expect(toWireResult(add, 'mcp')).toEqual({
      content: [{ type: 'text', text: '5' }],
      structuredContent: { sum: 5 },
      _meta: { 'io.openclaw/call': expect.objectContaining({ runner: 'mcp', truncated: false }) },
    });
    const pic = await host.call({ name: 'mcp__local__picture', input: {} });
    if (pic.isError) throw new Error(pic.message);
    expect(pic.text).toBe(
      'a red dot\n[image image/png, 68 bytes]\n[resource file:///notes/dot.txt]\ndot notes',
    );
    const wire = toWireResult(pic, 'mcp');
    expect(wire.content.map((c) => c.type)).toEqual(['text', 'image', 'resource']);
    expect(toWireResult(pic, 'anthropic').content).toBe(pic.text);
    const fail = await host.call({ name: 'mcp__local__fail', input: {} });
    expect(fail).toMatchObject({ isError: true, code: 'SKILL_ERROR' });
    if (fail.isError) expect(fail.message).toContain('the fixture failed on purpose');
    expect(toWireResult(fail, 'mcp').isError).toBe(true);
  });

  it('puts one prompt entry per server, with the server instructions as description', () => {
    const prompt = host.prompt();
    expect(prompt.included).toEqual(['mcp__local', 'mcp__remote']);
    expect(prompt.block).toContain(
      '<description>Local fixture tools: echo, add, pictures.</description>',
    );
    expect(prompt.block).toContain('<location>mcp://remote</location>');
  });

  it('finds servers with skills.search', async () => {
    const r = await host.call({ name: 'skills.search', input: { query: 'pictures' } });
    if (r.isError) throw new Error(r.message);
    expect((r.structured as { name: string }[])[0]?.name).toBe('mcp__local');
  });

  it('writes an audit line per call with decision, approval and outcome, and no header secret', async () => {
    await host.close();
    const lines = await auditLines(home);
    const pick = (tool: string) =>
      lines.filter((l) => l.tool === tool).map((l) => [l.decision, l.approval ?? null, l.outcome]);
    expect(pick('mcp__remote__fail')).toEqual([['denied', null, 'POLICY_DENIED']]);
    expect(pick('mcp__local__write_note')).toEqual([
      ['allowed', 'approved', 'ok'],
      ['allowed', 'denied', 'APPROVAL_DENIED'],
    ]);
    expect(lines.find((l) => l.tool === 'mcp__remote__echo')).toMatchObject({
      skill: 'mcp__remote',
      outcome: 'ok',
    });
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});
