// MCP over stdio with the SDK's own client, the way Claude Desktop or Cursor start serve: a
// real child process; tools listed and called; a skill folder dropped into the workspace is
// picked up by the watcher and announced with tools/list_changed.
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCodeSkill } from '../packages/host/src/testing/skill-folders.js';
import { cliCommand } from './serve-child.js';

let root: string;
let ws: string;
let home: string;
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-stdio-'));
  ws = join(root, 'ws');
  home = join(root, 'home');
  await writeCodeSkill(join(ws, 'skills'), 'echo', { tools: ['say'] });
  const cmd = cliCommand(['serve', '--mcp', 'stdio', '--home', home, '--workspace', ws]);
  transport = new StdioClientTransport({
    command: cmd.command,
    args: cmd.args,
    env: { PATH: process.env.PATH ?? '', HOME: join(root, 'user') },
    stderr: 'pipe',
  });
  client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
  await rm(root, { recursive: true, force: true });
});

describe('serve over stdio', () => {
  it('lists the tools and calls one through the router', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['echo_say', 'skills_read', 'skills_search']);
    const r = await client.callTool({ name: 'echo.say', arguments: { text: 'hi' } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ tool: 'echo.say', input: { text: 'hi' } });
  });

  it('keeps the control API for this home and names it in serve.json', async () => {
    const info = JSON.parse(await readFile(join(home, 'serve.json'), 'utf8'));
    expect(info).toMatchObject({ mcp: 'stdio', pid: transport.pid });
    const res = await fetch(`${info.url}/api/skills`, {
      headers: { authorization: `Bearer ${info.token}` },
    });
    const body = (await res.json()) as { skills: { name: string }[] };
    expect(body.skills.map((s) => s.name)).toEqual(['echo']);
  });

  it('sends tools/list_changed when a skill folder appears, and the next list has its tool', async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    // Written aside and moved in, so the watcher sees the whole folder at once.
    await writeCodeSkill(join(root, 'staging'), 'extra', { tools: ['ping'] });
    await rename(join(root, 'staging', 'extra'), join(ws, 'skills', 'extra'));
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('extra_ping');
  });
});
