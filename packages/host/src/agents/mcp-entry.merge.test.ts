// The serve entry merged into each agent's MCP config: other servers and settings kept, the
// old file backed up, JSON for most agents, a TOML table for Codex, mcp.servers for OpenClaw.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { entryText, mcpConfigFile, mergeToml, writeMcpEntry, SERVER_NAME } from './mcp-entry.js';
import { AGENTS, agentById } from './table.js';

const serve = { command: '/usr/bin/node', args: ['/x/cli.cjs', 'serve', '--mcp', 'stdio'] };

describe('writeMcpEntry', () => {
  it.each(AGENTS.filter((a) => a.mcp.format === 'json').map((a) => [a.id, a] as const))(
    '%s: keeps the other entries and keys, adds ours under its servers key, backs up the file',
    async (_id, agent) => {
      const root = await tempDir();
      const file = mcpConfigFile(agent, 'user', { project: root, userHome: root });
      await mkdir(dirname(file), { recursive: true });
      let before: Record<string, unknown> = { theme: 'dark' };
      let at = before;
      for (const key of agent.mcp.serversKey) at = at[key] = {} as Record<string, unknown>;
      at.other = { command: 'other-server' };
      before = JSON.parse(JSON.stringify(before)) as Record<string, unknown>;
      await writeFile(file, JSON.stringify(before));
      const done = await writeMcpEntry(agent, file, serve);
      expect(done.backup).toBe(`${file}.openclaw-skill.bak`);
      expect(JSON.parse(await readFile(done.backup!, 'utf8'))).toEqual(before);
      let after = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      expect(after.theme).toBe('dark');
      for (const key of agent.mcp.serversKey) after = after[key] as Record<string, unknown>;
      expect(after).toEqual({ other: { command: 'other-server' }, [SERVER_NAME]: serve });
      expect(JSON.parse(entryText(agent, serve))).toBeTypeOf('object');
    },
  );

  it('creates a missing JSON file without a backup', async () => {
    const root = await tempDir();
    const file = join(root, '.cursor', 'mcp.json');
    const done = await writeMcpEntry(agentById('cursor')!, file, serve);
    expect(done.backup).toBeUndefined();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      mcpServers: { [SERVER_NAME]: serve },
    });
  });

  it('refuses a file that is not JSON with CONFIG_INVALID naming it, and leaves it as it was', async () => {
    const root = await tempDir();
    const file = join(root, '.mcp.json');
    await writeFile(file, '{ not json');
    await expect(writeMcpEntry(agentById('claude-code')!, file, serve)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      file,
    });
    expect(await readFile(file, 'utf8')).toBe('{ not json');
  });

  it('codex: appends a [mcp_servers.openclaw-skills] table, keeps other tables, replaces ours on a second write', async () => {
    const root = await tempDir();
    const codex = agentById('codex')!;
    const file = join(root, '.codex', 'config.toml');
    await mkdir(dirname(file), { recursive: true });
    const before = 'model = "o3"\n\n[mcp_servers.other]\ncommand = "other"\n';
    await writeFile(file, before);
    await writeMcpEntry(codex, file, serve);
    await writeMcpEntry(codex, file, { ...serve, args: ['second'] });
    expect(await readFile(file, 'utf8')).toBe(
      `${before}\n[mcp_servers.${SERVER_NAME}]\ncommand = "/usr/bin/node"\nargs = ["second"]\n`,
    );
    expect(await readFile(`${file}.openclaw-skill.bak`, 'utf8')).toContain('/x/cli.cjs');
  });

  it('mergeToml replaces our table in the middle of a file and keeps the tables after it', () => {
    const codex = agentById('codex')!;
    const text = `[mcp_servers.${SERVER_NAME}]\ncommand = "old"\n[other]\nx = 1\n`;
    expect(mergeToml(text, `[mcp_servers.${SERVER_NAME}]\ncommand = "new"`, codex)).toBe(
      `[mcp_servers.${SERVER_NAME}]\ncommand = "new"\n[other]\nx = 1\n`,
    );
  });

  it('openclaw has no project file: project scope writes the user file', () => {
    const openclaw = agentById('openclaw')!;
    expect(mcpConfigFile(openclaw, 'project', { project: '/p', userHome: '/h' })).toBe(
      '/h/.openclaw/openclaw.json',
    );
  });
});
