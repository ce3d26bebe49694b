// The MCP server entry that gives an agent a code skill's tools: `serve` over stdio for the
// home the skill is installed in. `link` prints it, or with --write merges it into the
// agent's config file: other entries and settings are kept, and the file as it was is
// copied beside it first.
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { LinkScope } from './link.js';
import type { AgentInfo } from './table.js';

/** The entry's name in every agent's config. */
export const SERVER_NAME = 'openclaw-skills';

export interface ServeCommand {
  command: string;
  args: string[];
}

/** The agent's MCP config file for a scope (user scope when the agent has no project file). */
export function mcpConfigFile(
  agent: AgentInfo,
  scope: LinkScope,
  where: { project: string; userHome: string },
): string {
  return scope === 'project' && agent.mcp.project
    ? join(where.project, agent.mcp.project)
    : join(where.userHome, agent.mcp.user);
}

/** The entry as the agent's file holds it: a JSON object, or a TOML table. */
export function entryText(agent: AgentInfo, serve: ServeCommand): string {
  if (agent.mcp.format === 'toml') return tomlTable(agent, serve);
  let node: unknown = { command: serve.command, args: serve.args };
  node = { [SERVER_NAME]: node };
  for (const key of [...agent.mcp.serversKey].reverse()) node = { [key]: node };
  return JSON.stringify(node, null, 2);
}

function tomlTable(agent: AgentInfo, serve: ServeCommand): string {
  // TOML basic strings take JSON's escapes for the characters a path can hold.
  const args = serve.args.map((a) => JSON.stringify(a)).join(', ');
  return [
    `[${[...agent.mcp.serversKey, SERVER_NAME].join('.')}]`,
    `command = ${JSON.stringify(serve.command)}`,
    `args = [${args}]`,
  ].join('\n');
}

export interface WriteResult {
  file: string;
  /** The copy of the file as it was (absent when there was no file). */
  backup?: string;
}

export async function writeMcpEntry(
  agent: AgentInfo,
  file: string,
  serve: ServeCommand,
): Promise<WriteResult> {
  const before = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  const after =
    agent.mcp.format === 'toml'
      ? mergeToml(before ?? '', tomlTable(agent, serve), agent)
      : mergeJson(before, file, agent, serve);
  await mkdir(dirname(file), { recursive: true });
  let backup: string | undefined;
  if (before !== undefined) {
    backup = `${file}.openclaw-skill.bak`;
    await copyFile(file, backup);
  }
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, after);
  await rename(tmp, file);
  return { file, ...(backup && { backup }) };
}

function mergeJson(
  before: string | undefined,
  file: string,
  agent: AgentInfo,
  serve: ServeCommand,
): string {
  let root: Record<string, unknown> = {};
  if (before !== undefined && before.trim() !== '') {
    try {
      root = JSON.parse(before) as Record<string, unknown>;
    } catch (e) {
      throw new SkillError('CONFIG_INVALID', `${file} is not valid JSON: ${(e as Error).message}`, {
        file,
        hint: `Fix ${file}, or add the entry \`openclaw-skill link\` prints without --write by hand.`,
      });
    }
    if (typeof root !== 'object' || root === null || Array.isArray(root)) {
      throw new SkillError('CONFIG_INVALID', `${file} does not hold a JSON object.`, {
        file,
        hint: `Fix ${file}, or add the printed entry by hand.`,
      });
    }
  }
  let at = root;
  for (const key of agent.mcp.serversKey) {
    const next = at[key];
    at = at[key] =
      typeof next === 'object' && next !== null && !Array.isArray(next)
        ? (next as Record<string, unknown>)
        : {};
  }
  at[SERVER_NAME] = { command: serve.command, args: serve.args };
  return JSON.stringify(root, null, 2) + '\n';
}

/** Replaces our table (up to the next table header) or appends it; the rest is kept as is. */
export function mergeToml(before: string, table: string, agent: AgentInfo): string {
  const header = `[${[...agent.mcp.serversKey, SERVER_NAME].join('.')}]`;
  const lines = before.split('\n');
  const start = lines.findIndex((l) => l.trim() === header);
  if (start === -1) {
    const base = before === '' || before.endsWith('\n') ? before : `${before}\n`;
    return `${base}${base.trim() === '' ? '' : '\n'}${table}\n`;
  }
  let end = lines.findIndex((l, i) => i > start && /^\s*\[/.test(l));
  if (end === -1) end = lines.length;
  const kept = [...lines.slice(0, start), ...table.split('\n'), ...lines.slice(end)];
  const text = kept.join('\n');
  return text.endsWith('\n') ? text : `${text}\n`;
}
