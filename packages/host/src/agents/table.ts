// The agents `link` puts skills in front of: where each reads SKILL.md folders (project scope,
// relative to the project folder; user scope, relative to the user's home) and where its MCP
// servers are configured. Taken from each agent's own documentation; docs/agents/link.md
// shows the same table to users. This is the only place these paths are written down.

export const AGENT_IDS = ['claude-code', 'cursor', 'codex', 'gemini', 'openclaw'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** How an agent's MCP config file holds its servers. */
export interface McpConfigShape {
  /** The file in the project (relative to it); absent when the agent has none there. */
  project?: string;
  /** The file in the user's home (relative to it). */
  user: string;
  format: 'json' | 'toml';
  /** The keys leading to the map of servers by name (`mcpServers`; `mcp.servers`). */
  serversKey: readonly string[];
}

export interface AgentInfo {
  id: AgentId;
  /** The agent's name as its makers write it. */
  name: string;
  /** Skills folder in the project (relative to the project folder). */
  projectSkills: string;
  /** Skills folder of the user (relative to the home folder). */
  userSkills: string;
  mcp: McpConfigShape;
}

export const AGENTS: readonly AgentInfo[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    projectSkills: '.claude/skills',
    userSkills: '.claude/skills',
    mcp: { project: '.mcp.json', user: '.claude.json', format: 'json', serversKey: ['mcpServers'] },
  },
  {
    id: 'cursor',
    name: 'Cursor',
    projectSkills: '.cursor/skills',
    userSkills: '.cursor/skills',
    mcp: {
      project: '.cursor/mcp.json',
      user: '.cursor/mcp.json',
      format: 'json',
      serversKey: ['mcpServers'],
    },
  },
  {
    id: 'codex',
    name: 'Codex',
    // Codex reads the shared Agent Skills folders; its own settings live under .codex.
    projectSkills: '.agents/skills',
    userSkills: '.agents/skills',
    mcp: {
      project: '.codex/config.toml',
      user: '.codex/config.toml',
      format: 'toml',
      serversKey: ['mcp_servers'],
    },
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    projectSkills: '.gemini/skills',
    userSkills: '.gemini/skills',
    mcp: {
      project: '.gemini/settings.json',
      user: '.gemini/settings.json',
      format: 'json',
      serversKey: ['mcpServers'],
    },
  },
  {
    id: 'openclaw',
    name: 'OpenClaw',
    // OpenClaw's workspace skills are `<workspace>/skills`; its config is per user only.
    projectSkills: 'skills',
    userSkills: '.openclaw/skills',
    mcp: { user: '.openclaw/openclaw.json', format: 'json', serversKey: ['mcp', 'servers'] },
  },
];

export function agentById(id: string): AgentInfo | undefined {
  return AGENTS.find((a) => a.id === id);
}
