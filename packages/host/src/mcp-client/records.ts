// A server as a catalog record (pure): one record per server named `mcp__<server>`, its
// tools named `mcp__<server>__<tool>`, so policy globs, `group:mcp`, `group:skill:mcp__<server>`,
// the prompt block and skills_search treat it like any skill.
import type { ManifestTool, Problem } from '@openclaw/skill-sdk';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  DEFAULT_MAX_RESULT_CHARS,
  type ObjectSchema,
  type SkillRecord,
  type SkillSource,
  type SkillStatus,
  type ToolRecord,
} from '../catalog/types.js';
import { findWireCollisions, MCP_PREFIX } from '../formats/names.js';
import { MCP_PRECEDENCE, mcpRecordName, mcpToolName, type ServerSpec } from './config.js';
import type { ServerState } from './connection.js';

export interface ServerView {
  spec: ServerSpec;
  state: ServerState;
  reason: string | undefined;
  tools: readonly Tool[];
  instructions: string | undefined;
  serverVersion: string | undefined;
}

const source = (server: string): SkillSource => ({
  kind: 'mcp',
  dir: `mcp://${server}`,
  precedence: MCP_PRECEDENCE,
});

function base(server: string): Omit<SkillRecord, 'status' | 'problems' | 'tools' | 'description'> {
  return {
    name: mcpRecordName(server),
    version: '0.0.0',
    displayName: server,
    dir: `mcp://${server}`,
    location: `mcp://${server}`,
    source: source(server),
    kind: 'code',
    config: {},
  };
}

/** The record of a server whose config entry is unusable. */
export function invalidServerRecord(server: string, problem: Problem): SkillRecord {
  return {
    ...base(server),
    description: `MCP server "${server}" (not configured correctly)`,
    status: 'invalid',
    problems: [problem],
    tools: [],
  };
}

export function serverRecord(view: ServerView, configFile: string): SkillRecord {
  const { spec } = view;
  const tools = view.tools.map((t) => toolRecord(spec, t));
  const names = tools.map((t) => t.name).join(', ');
  const description =
    view.instructions?.trim() ||
    `Tools of the MCP server "${spec.name}"${names ? `: ${names}` : ' (started on first use)'}.`;
  const problems: Problem[] = [];
  let status: SkillStatus = 'ready';
  if (!spec.enabled) status = 'disabled';
  else if (view.state === 'failing') {
    problems.push({
      code: 'MCP_SERVER_FAILING',
      // With tools known, it answers SKILL_UNAVAILABLE while it restarts; without, it is out.
      severity: tools.length ? 'warning' : 'error',
      file: configFile,
      field: `mcpServers.${spec.name}`,
      message: `MCP server "${spec.name}" is failing: ${view.reason ?? 'unknown reason'}`,
    });
    if (!tools.length) status = 'ineligible';
  }
  return {
    ...base(spec.name),
    ...(view.serverVersion && { version: view.serverVersion }),
    description,
    status,
    problems,
    tools,
  };
}

function toolRecord(spec: ServerSpec, t: Tool): ToolRecord {
  const annotations = t.annotations ?? {};
  const readOnly = annotations.readOnlyHint === true;
  const name = mcpToolName(spec.name, t.name);
  return {
    name,
    skill: mcpRecordName(spec.name),
    tool: t.name,
    ...((t.title ?? annotations.title) && { title: t.title ?? annotations.title }),
    description: t.description ?? '',
    inputSchema: t.inputSchema as ObjectSchema,
    annotations: {
      ...(annotations.readOnlyHint !== undefined && { readOnlyHint: annotations.readOnlyHint }),
      ...(annotations.destructiveHint !== undefined && {
        destructiveHint: annotations.destructiveHint,
      }),
      ...(annotations.idempotentHint !== undefined && {
        idempotentHint: annotations.idempotentHint,
      }),
      ...(annotations.openWorldHint !== undefined && { openWorldHint: annotations.openWorldHint }),
    },
    // An untrusted server's word that a tool is harmless is all we have: only read-only
    // tools run without a person's yes. Config approvals.auto can still lift it.
    ...(!spec.trusted && !readOnly && { approval: 'required' as const }),
    timeoutMs: spec.timeoutMs,
    maxResultChars: DEFAULT_MAX_RESULT_CHARS,
    ownerOnly: false,
    group: 'mcp',
    // No manifest: the server is the source of truth; this carries what readers expect.
    manifest: { description: t.description ?? '', inputSchema: t.inputSchema } as ManifestTool,
  };
}

/**
 * Wire-name collisions that involve an MCP server's tool (the scan reports those between
 * skills): load errors naming both tools and their servers or skills.
 */
export function mcpCollisions(
  records: readonly SkillRecord[],
  servers: readonly SkillRecord[],
  file: string,
): Problem[] {
  const ready = (r: SkillRecord) => r.status === 'ready' && !r.shadowedBy;
  const tools = [...servers.filter(ready), ...records.filter(ready)].flatMap((r) => r.tools);
  return findWireCollisions(tools, file).filter((p) => p.message.includes(`"${MCP_PREFIX}`));
}
