// Which results are wrapped as untrusted data (docs/untrusted-results.md). By default:
// - a tool whose annotations say openWorldHint: true (it reads the web, a mailbox, an API);
// - every tool of an MCP server not marked `trusted` (a program the host does not control);
// - skills_read of a skill installed into the store (a registry, git or an archive: someone
//   else's text), unless the user marked that skill `trusted`.
// `untrusted.wrap` on a skill or server says yes or no outright and wins over all of these.
import type { CatalogSnapshot, SkillRecord, ToolRecord } from '../catalog/types.js';
import { skillSettings } from '../config/load.js';
import type { HostConfig } from '../config/schema.js';
import { isRecord } from '../formats/types.js';
import { READ_TOOL } from '../host-tools/record.js';
import type { UntrustedReason } from './untrusted.js';

/** Decided once per tool per (snapshot, config); `by-input` is skills_read (per target). */
export type WrapPlan = UntrustedReason | 'by-input' | undefined;

const MCP_RECORD = /^mcp__(.+)$/;

function serverSettings(config: HostConfig, skill: string) {
  const server = MCP_RECORD.exec(skill)?.[1];
  const servers = config.mcpServers;
  return server !== undefined && servers && Object.hasOwn(servers, server)
    ? servers[server]
    : undefined;
}

export function wrapPlan(tool: ToolRecord, skill: SkillRecord, config: HostConfig): WrapPlan {
  if (skill.source.kind === 'builtin') return tool.name === READ_TOOL ? 'by-input' : undefined;
  const openWorld = tool.annotations?.openWorldHint === true;
  if (skill.source.kind === 'mcp') {
    const s = serverSettings(config, skill.name);
    const wrap = s?.untrusted?.wrap;
    if (wrap === false) return undefined;
    if (openWorld) return 'open-world';
    return wrap === true || s?.trusted !== true ? 'mcp-server' : undefined;
  }
  const wrap = skillSettings(config, skill.name)?.untrusted?.wrap;
  if (wrap === false) return undefined;
  if (openWorld) return 'open-world';
  return wrap === true ? 'skill-source' : undefined;
}

/** skills_read: whether the file it read belongs to a skill whose text is not trusted. */
export function readTargetUntrusted(
  snapshot: CatalogSnapshot,
  config: HostConfig,
  input: unknown,
): boolean {
  const name = isRecord(input) && typeof input.name === 'string' ? input.name : undefined;
  const target = name === undefined ? undefined : snapshot.byName.get(name);
  if (!target) return false;
  // A skill an MCP server offers: its server's `trusted` / `untrusted.wrap` decide.
  if (target.source.kind === 'mcp') return remoteSkillUntrusted(config, target);
  const settings = skillSettings(config, target.name);
  const wrap = settings?.untrusted?.wrap;
  if (wrap !== undefined) return wrap;
  return target.source.kind === 'store' && settings?.trusted !== true;
}

function remoteSkillUntrusted(config: HostConfig, target: SkillRecord): boolean {
  const server = /^mcp:\/\/(.+)$/.exec(target.source.dir)?.[1] ?? '';
  const s = serverSettings(config, `mcp__${server}`);
  const wrap = s?.untrusted?.wrap;
  return wrap ?? s?.trusted !== true;
}

/** The parts of the config wrapping depends on, for the router state's memo key. */
export function wrapKey(config: HostConfig): unknown {
  const skills = Object.entries(config.skills ?? {}).map(([n, s]) => [
    n,
    s?.trusted ?? null,
    s?.untrusted?.wrap ?? null,
  ]);
  // An mcpServers entry that failed its check may hold anything: hence `?.`.
  const servers = Object.entries(config.mcpServers ?? {}).map(([n, s]) => [
    n,
    s?.trusted ?? null,
    s?.untrusted?.wrap ?? null,
  ]);
  return [skills, servers];
}
