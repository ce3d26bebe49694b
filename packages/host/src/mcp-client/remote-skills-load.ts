// Wiring between a connection and the Skills extension reader: whether to read at all (the
// server declares the extension), where the verified files go (beside the remembered tool
// lists, or a temp folder when the host keeps none), and a failed listing as a warning on
// the server's own record (its tools keep working).
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { SkillRecord } from '../catalog/types.js';
import type { ServerSpec } from './config.js';
import type { RemoteSkills } from './remote-skills.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export interface LoadSkillsOptions {
  configFile: string;
  knownToolsFile: string | undefined;
}

const fallbackRoot = join(tmpdir(), `openclaw-mcp-skills-${process.pid}`);

export async function loadRemoteSkills(
  client: Client,
  spec: ServerSpec,
  opts: LoadSkillsOptions,
): Promise<RemoteSkills> {
  if (!offersSkills(client.getServerCapabilities())) return { records: [] };
  // The reader and its schemas load only for a server that offers skills: importing them
  // with the host would evaluate zod at every start.
  const { fetchRemoteSkills } = await import('./remote-skills.js');
  const root = opts.knownToolsFile
    ? join(dirname(opts.knownToolsFile), 'mcp-skills')
    : fallbackRoot;
  try {
    const records = await fetchRemoteSkills({
      client,
      server: spec.name,
      dir: join(root, encodeURIComponent(spec.name)),
      configFile: opts.configFile,
      timeoutMs: spec.startTimeoutMs,
    });
    return { records };
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^MCP error -?\d+: /, '') : String(e);
    return {
      records: [],
      problem: {
        code: 'MCP_SKILL_INVALID',
        severity: 'warning',
        file: opts.configFile,
        field: `mcpServers.${spec.name}`,
        message: `MCP server "${spec.name}" declares skills but skills/list failed: ${why.slice(0, 300)}`,
      },
    };
  }
}

/** Whether the server's capabilities (as the SDK gives them) declare the Skills extension. */
export function offersSkills(capabilities: unknown): boolean {
  const ext = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return ext !== undefined && ext !== null && Object.hasOwn(ext, SKILLS_EXTENSION);
}

/** The server's record with the skills listing's failure added as a warning. */
export function withSkillsProblem(record: SkillRecord, skills: RemoteSkills): SkillRecord {
  return skills.problem ? { ...record, problems: [...record.problems, skills.problem] } : record;
}
