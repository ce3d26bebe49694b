// list, tools, call and doctor with MCP servers configured in <home>/config.json: a real
// stdio server (the host's fixture, written with the MCP SDK) and one whose command does
// not exist.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

const FIXTURE = resolve(
  import.meta.dirname,
  '../../../host/src/mcp-client/testing/fixture-server.mjs',
);
let home: string;
let ws: string;

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await run([...argv, '--home', home, '--workspace', ws], io);
  return { code, out: io.out, err: io.err };
}

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'oc-cli-mcp-'));
  home = join(root, 'home');
  ws = join(root, 'ws');
  await mkdir(home, { recursive: true });
  await mkdir(ws, { recursive: true });
  await writeFile(
    join(home, 'config.json'),
    JSON.stringify({
      mcpServers: {
        local: {
          command: process.execPath,
          args: [FIXTURE],
          env: { FIXTURE_INSTRUCTIONS: 'Fixture tools.' },
        },
        broken: { command: 'openclaw-no-such-mcp-server' },
        // OpenClaw's form with a mistake in it: that server is invalid, the rest serve.
        typo: { transport: 'stdio', command: 'x', timeoutMs: 'soon' },
      },
    }),
  );
});

describe('CLI with MCP servers', () => {
  it('list shows each server with its state, why it fails, and its tools', async () => {
    const r = await cli('list');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '✗ broken  failing: command not found: openclaw-no-such-mcp-server (fix mcpServers.broken.command)  (stdio)\n',
    );
    expect(r.out).toContain('✓ local   ready  (stdio 9 tools)\n');
    expect(r.out).toContain('mcp__local__echo, mcp__local__add');
  });

  it('list shows an entry that fails its check as invalid with the reason, and starts the rest', async () => {
    const r = await cli('list');
    expect(r.code).toBe(0);
    expect(r.out).toContain('✗ typo');
    expect(r.out).toContain('/mcpServers/typo/timeoutMs must be integer');
    expect(r.out).toContain('✓ local   ready');
  });

  it('list --json has a record per server with its mcp state', async () => {
    const r = await cli('list', '--json');
    const entries = JSON.parse(r.out) as {
      name: string;
      source: string;
      tools: string[];
      mcp?: { state: string; reason?: string };
    }[];
    const local = entries.find((e) => e.name === 'mcp__local')!;
    expect(local).toMatchObject({ source: 'mcp', mcp: { state: 'ready', transport: 'stdio' } });
    expect(local.tools).toContain('mcp__local__echo');
    expect(entries.find((e) => e.name === 'mcp__broken')?.mcp?.state).toBe('failing');
  });

  it('tools --format anthropic includes the server tools by wire name', async () => {
    const r = await cli('tools', '--format', 'anthropic');
    const names = (JSON.parse(r.out) as { name: string }[]).map((d) => d.name);
    expect(names).toContain('mcp__local__echo');
  });

  it('call mcp__local__echo answers through the host, as the model reads it: between untrusted-data markers', async () => {
    const r = await cli('call', 'mcp__local__echo', '--input', '{"text":"from cli"}');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^<<<UNTRUSTED_DATA ([0-9a-f]{16}) source=mcp__local__echo>>>\necho: from cli\n<<<END_UNTRUSTED_DATA \1>>>\n$/,
    );
  });

  it('call refuses a non-read-only tool of an untrusted server without --approve', async () => {
    const r = await cli('call', 'mcp__local__write_note', '--input', '{"note":"n"}');
    expect(r.code).toBe(1);
    expect(r.err).toContain('APPROVAL_REQUIRED');
    const ok = await cli('call', 'mcp__local__write_note', '--input', '{"note":"n"}', '--approve');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('\nnoted: n\n<<<END_UNTRUSTED_DATA ');
  });

  it('doctor checks each server, one line each, and exits 1 when one fails', async () => {
    const r = await cli('doctor');
    expect(r.code).toBe(1);
    const lines = r.out.split('\n').filter((l) => /^[✓✗!] mcp /.test(l));
    expect(lines).toEqual([
      '✗ mcp broken failing: command not found: openclaw-no-such-mcp-server (fix mcpServers.broken.command)',
      '✓ mcp local  ready (stdio, 9 tools)',
      `✗ mcp typo   invalid: MCP server "typo" is not usable: /mcpServers/typo/timeoutMs must be integer; fix it in ${join(home, 'config.json')}.`,
    ]);
    expect(r.out).toContain(`Fix mcpServers.broken in ${join(home, 'config.json')}.`);
    const json = await cli('doctor', '--json');
    const checks = (JSON.parse(json.out) as { checks: { name: string; status: string }[] }).checks;
    expect(checks.filter((c) => c.name.startsWith('mcp '))).toEqual([
      expect.objectContaining({ name: 'mcp broken', status: 'fail' }),
      expect.objectContaining({ name: 'mcp local', status: 'ok' }),
      expect.objectContaining({ name: 'mcp typo', status: 'fail' }),
    ]);
  });
});
