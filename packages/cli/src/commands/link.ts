// `openclaw-skill link <skill> --agent <id>... [--all-agents] [--global] [--write]`: puts an
// installed skill where agents read skills, as a symlink into the store (updates reach every
// agent). A code skill's tools reach agents through `serve`: link prints that MCP entry for
// each agent's config file, or merges it in with --write.
import type { Command } from 'commander';
import { SkillError } from '@openclaw/skill-sdk';
import {
  entryText,
  installedKind,
  linkSkill,
  mcpConfigFile,
  writeMcpEntry,
  SERVER_NAME,
  type AgentInfo,
  type LinkResult,
  type ServeCommand,
} from '@openclaw/skill-host/internal';
import { addHelpBody } from '../command.js';
import { printJson, type Io } from '../io.js';
import {
  AGENT_LIST,
  chosenAgents,
  collect,
  linkContext,
  type AgentFlags,
  type LinkContext,
} from './link-shared.js';

interface LinkFlags extends AgentFlags {
  write?: boolean;
}

interface McpReport {
  agent: string;
  file: string;
  entry: string;
  written: boolean;
  backup?: string;
}

export function configure(cmd: Command, io: Io): void {
  addHelpBody(
    cmd,
    "A SKILL.md skill gets a symlink into the store in each agent's skills folder. A code skill runs behind serve instead: link prints each agent's MCP entry for it, and --write merges that entry into the agent's MCP config.",
  )
    .argument('<skill>', 'an installed skill')
    .option('--agent <id>', `an agent (repeat for several): ${AGENT_LIST}`, collect)
    .option('--all-agents', 'every agent in the table')
    .option(
      '--global',
      "the user's folders under HOME instead of the project's (the current folder)",
    )
    .option(
      '--write',
      "code skills: merge the serve entry into each agent's MCP config (backed up first)",
    )
    .action(async (skill: string) => {
      const flags = cmd.optsWithGlobals<LinkFlags>();
      const agents = chosenAgents(flags, 'link', 'none');
      const ctx = linkContext(flags, io);
      const kind = installedKind(ctx.storeDir, skill);
      if (!kind) {
        throw new SkillError('SKILL_NOT_FOUND', `${skill} is not installed in ${ctx.storeDir}.`, {
          hint: `Install it first: openclaw-skill install ${skill}`,
        });
      }
      if (kind === 'docs') {
        const links = await linkSkill(skill, agents, ctx);
        if (flags.json) return printJson(io, { skill, kind, links });
        for (const l of links) io.stdout(linkLine(l, agents));
        return;
      }
      const mcp = await mcpEntries(agents, ctx, flags.write === true);
      if (flags.json) return printJson(io, { skill, kind, links: [], mcp });
      io.stdout(codeSkillText(skill, mcp));
    });
}

const nameOf = (id: string, agents: readonly AgentInfo[]) =>
  agents.find((a) => a.id === id)?.name ?? id;

function linkLine(l: LinkResult, agents: readonly AgentInfo[]): string {
  const what = l.state === 'already-linked' ? 'Already linked' : 'Linked';
  return `${what} for ${nameOf(l.agent, agents)}: ${l.path} -> ${l.target}\n`;
}

/** `serve` over stdio for this home, run by the same Node and CLI as this command. */
function serveCommand(home: string): ServeCommand {
  const cli = process.argv[1] ?? 'openclaw-skill';
  return { command: process.execPath, args: [cli, 'serve', '--mcp', 'stdio', '--home', home] };
}

async function mcpEntries(
  agents: readonly AgentInfo[],
  ctx: LinkContext,
  write: boolean,
): Promise<McpReport[]> {
  const serve = serveCommand(ctx.home);
  const out: McpReport[] = [];
  for (const agent of agents) {
    const file = mcpConfigFile(agent, ctx.scope, ctx);
    const entry = entryText(agent, serve);
    if (!write) {
      out.push({ agent: agent.id, file, entry, written: false });
      continue;
    }
    const done = await writeMcpEntry(agent, file, serve);
    out.push({
      agent: agent.id,
      file,
      entry,
      written: true,
      ...(done.backup && { backup: done.backup }),
    });
  }
  return out;
}

function codeSkillText(skill: string, mcp: readonly McpReport[]): string {
  const lines = [
    `${skill} has tools: agents call them through \`openclaw-skill serve\` (the "${SERVER_NAME}" MCP server, which serves every installed skill).`,
  ];
  for (const m of mcp) {
    if (m.written) {
      lines.push(
        `Added "${SERVER_NAME}" to ${m.file}${m.backup ? ` (the file as it was: ${m.backup})` : ''}.`,
      );
    } else {
      lines.push('', `${m.agent}: add to ${m.file} (or run again with --write):`, m.entry);
    }
  }
  return lines.join('\n') + '\n';
}
