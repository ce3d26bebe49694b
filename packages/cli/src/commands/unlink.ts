// `openclaw-skill unlink <skill> [--agent <id>...] [--global]`: removes the links `link` made
// (symlinks into the store); anything else at those paths is left alone and named.
import type { Command } from 'commander';
import { unlinkSkill } from '@openclaw/skill-host/internal';
import { printJson, type Io } from '../io.js';
import { AGENT_LIST, chosenAgents, collect, linkContext, type AgentFlags } from './link-shared.js';

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('<skill>', 'a linked skill')
    .option('--agent <id>', `an agent (repeat for several): ${AGENT_LIST}`, collect)
    .option('--all-agents', 'every agent in the table (the default)')
    .option('--global', "the user's folders under HOME instead of the project's")
    .action(async (skill: string) => {
      const flags = cmd.optsWithGlobals<AgentFlags>();
      const agents = chosenAgents(flags, 'unlink', 'all');
      const ctx = linkContext(flags, io);
      const results = await unlinkSkill(skill, agents, ctx);
      if (flags.json) return printJson(io, { skill, links: results });
      const removed = results.filter((r) => r.state === 'removed');
      for (const r of removed) io.stdout(`Removed ${r.path}\n`);
      if (removed.length === 0) io.stdout(`${skill} was not linked here (${ctx.scope} scope).\n`);
    });
}
