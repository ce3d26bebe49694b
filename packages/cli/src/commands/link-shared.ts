// What `link` and `unlink` share: which agents the command line names, and where the store,
// the project and the user's home are.
import { resolve } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import { AGENTS, agentById, hostPaths, type AgentInfo } from '@openclaw/skill-host/internal';
import { userHomeOf } from '../host.js';
import type { Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { homeOf } from '../serve-client.js';

export interface AgentFlags extends GlobalOptions {
  agent?: string[];
  allAgents?: boolean;
  global?: boolean;
}

export const collect = (value: string, previous: string[] = []) => [...previous, value];
export const AGENT_LIST = AGENTS.map((a) => a.id).join(', ');

/** The agents named with --agent (each once, in the table's order), or all of them. */
export function chosenAgents(
  flags: AgentFlags,
  command: string,
  fallback: 'all' | 'none',
): AgentInfo[] {
  if (flags.allAgents) return [...AGENTS];
  const named = flags.agent ?? [];
  if (named.length === 0) {
    if (fallback === 'all') return [...AGENTS];
    throw new SkillError('USAGE', `${command} needs --agent <id> (or --all-agents).`, {
      hint: `Agents: ${AGENT_LIST}. Example: openclaw-skill ${command} <skill> --agent claude-code`,
    });
  }
  const unknown = named.filter((n) => !agentById(n));
  if (unknown.length) {
    throw new SkillError('USAGE', `Unknown agent "${unknown[0]}" in --agent.`, {
      hint: `Agents: ${AGENT_LIST}.`,
    });
  }
  return AGENTS.filter((a) => named.includes(a.id));
}

export interface LinkContext {
  home: string;
  storeDir: string;
  project: string;
  userHome: string;
  scope: 'project' | 'user';
}

export function linkContext(flags: AgentFlags, io: Io): LinkContext {
  const home = homeOf(flags, io);
  const userHome = userHomeOf(io);
  if (!userHome) {
    throw new SkillError('USAGE', 'HOME is not set, so the user folder is unknown.', {
      hint: 'Set HOME (USERPROFILE on Windows) and run the command again.',
    });
  }
  return {
    home,
    storeDir: hostPaths(home).store,
    project: resolve(io.cwd, flags.workspace ?? '.'),
    userHome,
    scope: flags.global ? 'user' : 'project',
  };
}
