// Pure parts: config entries to server specs (one problem per bad entry), MCP tool names
// to wire names in every format, and MCP results to host values.
import { describe, expect, it } from 'vitest';
import { isSkillError } from '@openclaw/skill-sdk';
import { createSnapshot } from '../catalog/snapshot.js';
import { nameMapFor, wireName, WIRE_NAME_PATTERN } from '../formats/names.js';
import { backoffDelay } from './backoff.js';
import { serverSpec } from './config.js';
import { ContentResult, fromMcpResult } from './content.js';
import { mcpCollisions, serverRecord } from './records.js';

const FILE = '/home/u/.openclaw/skill-host/config.json';

describe('serverSpec', () => {
  it('reads the stdio and url shapes other MCP clients write, with our defaults', () => {
    const stdio = serverSpec('fs', { command: 'npx', args: ['-y', 'server-fs'] }, FILE);
    expect(stdio).toMatchObject({
      spec: {
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'server-fs'],
        enabled: true,
        eager: false,
        trusted: false,
        timeoutMs: 60_000,
      },
    });
    const remote = serverSpec('r', { url: 'http://127.0.0.1:9/mcp', type: 'sse' }, FILE);
    expect(remote).toMatchObject({ spec: { transport: 'sse' } });
    expect(serverSpec('d', { command: 'x', disabled: true }, FILE)).toMatchObject({
      spec: { enabled: false },
    });
  });

  it('turns a bad entry into one problem naming the server and the field', () => {
    const cases = [
      ['a', {}, 'needs "command"'],
      ['b', { command: 'x', url: 'http://h/' }, 'has both "command" and "url"'],
      ['c', { url: 'not a url' }, 'invalid "url"'],
      ['d', { url: 'ftp://h/x' }, 'must be http: or https:'],
      ['e__x', { command: 'x' }, 'must be letters, digits'],
      ['e_', { command: 'x' }, 'must be letters, digits'],
    ] as const;
    for (const [name, entry, text] of cases) {
      const r = serverSpec(name, entry, FILE);
      if (!('problem' in r)) throw new Error(`${name} was accepted`);
      expect(r.problem.message).toContain(text);
      expect(r.problem.file).toBe(FILE);
      expect(r.problem.field).toMatch(new RegExp(`^mcpServers\\.${name}`));
    }
  });

  it('offers tools by include and exclude globs over the server tool names', () => {
    const r = serverSpec(
      's',
      { command: 'x', include: ['read_*', 'list'], exclude: ['read_secret'] },
      FILE,
    );
    if (!('spec' in r)) throw new Error('rejected');
    expect(['read_file', 'read_secret', 'list', 'write'].filter(r.spec.offers)).toEqual([
      'read_file',
      'list',
    ]);
  });
});

describe('MCP tool names', () => {
  it('keep mcp__<server>__<tool> as the wire name, sanitising only what providers reject', () => {
    expect(wireName('mcp__github__create_issue')).toBe('mcp__github__create_issue');
    const dotted = wireName('mcp__fs__read.file');
    expect(dotted).toMatch(WIRE_NAME_PATTERN);
    expect(dotted.startsWith('mcp__fs__read-file-')).toBe(true);
    expect(wireName('mcp__fs__read-file')).toBe('mcp__fs__read-file');
  });

  it('round-trip between canonical and wire names in a snapshot', () => {
    const r = serverSpec('fs', { command: 'x', trusted: true }, FILE);
    if (!('spec' in r)) throw new Error('rejected');
    const record = serverRecord(
      {
        spec: r.spec,
        state: 'ready',
        reason: undefined,
        instructions: undefined,
        serverVersion: '2.0.0',
        tools: [
          { name: 'read.file', inputSchema: { type: 'object' } },
          { name: 'list', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
        ],
      },
      FILE,
    );
    expect(record).toMatchObject({ name: 'mcp__fs', version: '2.0.0', status: 'ready' });
    const names = nameMapFor(createSnapshot(1, [record]));
    for (const t of ['mcp__fs__read.file', 'mcp__fs__list']) {
      expect(names.toCanonical(names.toWire(t))).toBe(t);
      expect(names.toCanonical(t)).toBe(t);
    }
    expect(record.tools.map((t) => [t.name, t.group, t.approval ?? 'auto'])).toEqual([
      ['mcp__fs__read.file', 'mcp', 'auto'],
      ['mcp__fs__list', 'mcp', 'auto'],
    ]);
  });
});

describe('mcpCollisions', () => {
  it('reports two server tools with the same wire name as a load error naming both', () => {
    const r = serverSpec('fs', { command: 'x' }, FILE);
    if (!('spec' in r)) throw new Error('rejected');
    // A tool literally named like the sanitised form of another.
    const clash = wireName('mcp__fs__read.file').slice('mcp__fs__'.length);
    const record = serverRecord(
      {
        spec: r.spec,
        state: 'ready',
        reason: undefined,
        instructions: undefined,
        serverVersion: undefined,
        tools: [
          { name: 'read.file', inputSchema: { type: 'object' } },
          { name: clash, inputSchema: { type: 'object' } },
        ],
      },
      FILE,
    );
    const problems = mcpCollisions([], [record], FILE);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'NAME_COLLISION', severity: 'error', file: FILE });
    expect(problems[0]!.message).toContain('"mcp__fs__read.file"');
    expect(problems[0]!.message).toContain(`"mcp__fs__${clash}"`);
  });
});

describe('fromMcpResult', () => {
  it('keeps a text-only result as plain text', () => {
    const v = fromMcpResult('s', 't', {
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
    });
    expect(v).toBe('a\nb');
  });

  it('keeps structuredContent, and describes images, audio and resource links in the text', () => {
    const v = fromMcpResult('s', 't', {
      content: [
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain' },
      ],
      structuredContent: { ok: true },
    });
    expect(v).toBeInstanceOf(ContentResult);
    const c = v as ContentResult;
    expect(c.text).toBe('[audio audio/wav, 3 bytes]\n[resource file:///a.txt (text/plain)]');
    expect(c.structured).toEqual({ ok: true });
    expect(c.content).toHaveLength(2);
    const onlyStructured = fromMcpResult('s', 't', { content: [], structuredContent: { n: 1 } });
    expect((onlyStructured as ContentResult).text).toBe('{"n":1}');
  });

  it('turns isError into a SKILL_ERROR naming the server and tool', () => {
    let thrown: unknown;
    try {
      fromMcpResult('gh', 'create', {
        content: [{ type: 'text', text: 'no repo' }],
        isError: true,
      });
    } catch (e) {
      thrown = e;
    }
    expect(isSkillError(thrown) && thrown.code).toBe('SKILL_ERROR');
    expect((thrown as Error).message).toBe('MCP server "gh" tool "create": no repo');
  });
});

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const b = { baseMs: 500, maxMs: 30_000 };
    expect([0, 1, 2, 3, 6, 7, 50].map((n) => backoffDelay(n, b))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
  });
});
