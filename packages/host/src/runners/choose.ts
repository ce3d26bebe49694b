// Which runner a skill gets: the per-skill `runner` in the host config,
// else `inline` for a skill the user marked `trusted`, else the global `runner`, else by
// where it came from: code installed from a registry is a stranger's (`sandbox`), a local
// folder is the user's own work in progress (`worker`: crash and hang isolation, clean reload).
import type { SkillRecord } from '../catalog/types.js';
import { skillSettings } from '../config/load.js';
import type { HostConfig } from '../config/schema.js';
import { configuredHosts, type Grants } from './grants.js';
import type { RunnerKind } from './types.js';

export function runnerKindFor(
  skill: { name: string; source: Pick<SkillRecord['source'], 'kind'> },
  config: HostConfig,
): RunnerKind {
  const settings = skillSettings(config, skill.name);
  if (settings?.runner) return settings.runner;
  if (settings?.trusted) return 'inline';
  if (config.runner) return config.runner;
  return skill.source.kind === 'store' ? 'sandbox' : 'worker';
}

/** What the user granted a skill in the host config. */
export function grantsFor(skill: SkillRecord, config: HostConfig): Grants {
  const settings = skillSettings(config, skill.name);
  // Folders (`read`, `write`) are checked on their own when the sandbox starts (folder-grants.ts).
  const { read: _read, write: _write, ...capabilities } = settings?.grant ?? {};
  return {
    network: configuredHosts(settings?.config as Record<string, unknown> | undefined),
    ...capabilities,
  };
}

/** The runner of a skill with code of its own; undefined for docs, MCP servers and built-ins. */
export function codeRunnerOf(
  skill: Pick<SkillRecord, 'name' | 'source' | 'kind'>,
  config: HostConfig,
): RunnerKind | undefined {
  if (skill.kind !== 'code' || skill.source.kind === 'mcp' || skill.source.kind === 'builtin')
    return undefined;
  return runnerKindFor(skill, config);
}
