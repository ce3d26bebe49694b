// Factories for catalog records in tests: real SkillRecord / ToolRecord values with sane
// defaults, so a test states only what it is about. Not part of the public API.
import { join } from 'node:path';
import type { ManifestTool } from '@openclaw/skill-sdk';
import { createSnapshot } from '../catalog/snapshot.js';
import {
  DEFAULT_MAX_RESULT_CHARS,
  DEFAULT_TIMEOUT_MS,
  type CatalogSnapshot,
  type SkillRecord,
  type SkillSource,
  type ToolRecord,
} from '../catalog/types.js';

export { createSnapshot };

export const testSource = (overrides: Partial<SkillSource> = {}): SkillSource => ({
  kind: 'workspace',
  dir: '/work/skills',
  precedence: 0,
  ...overrides,
});

/** A tool record; `name` is canonical (`skill.tool`), `skill` and `tool` derive from it. */
export function toolRecord(overrides: Partial<ToolRecord> & { name: string }): ToolRecord {
  const dot = overrides.name.indexOf('.');
  const skill = overrides.skill ?? (dot < 0 ? overrides.name : overrides.name.slice(0, dot));
  const tool = overrides.tool ?? (dot < 0 ? overrides.name : overrides.name.slice(dot + 1));
  const description = overrides.description ?? `The ${tool} tool of ${skill}.`;
  const inputSchema = overrides.inputSchema ?? { type: 'object', properties: {} };
  const manifest: ManifestTool = overrides.manifest ?? {
    name: overrides.name,
    description,
    inputSchema,
  };
  return {
    skill,
    tool,
    description,
    inputSchema,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxResultChars: DEFAULT_MAX_RESULT_CHARS,
    ownerOnly: false,
    manifest,
    ...overrides,
  };
}

/**
 * A skill record. `tools` may be given as canonical names or partial records; a skill with
 * tools defaults to kind `code`, one without to `docs`.
 */
export function skillRecord(
  overrides: Omit<Partial<SkillRecord>, 'tools'> & {
    name: string;
    tools?: readonly (string | (Partial<ToolRecord> & { name: string }))[];
  },
): SkillRecord {
  const { tools: toolSpecs = [], ...rest } = overrides;
  const source = rest.source ?? testSource();
  const dir = rest.dir ?? join(source.dir, overrides.name);
  const tools = toolSpecs.map((t) =>
    toolRecord(
      typeof t === 'string' ? { name: t, skill: overrides.name } : { skill: overrides.name, ...t },
    ),
  );
  return {
    version: '1.0.0',
    description: `The ${overrides.name} skill.`,
    location: join(dir, 'SKILL.md'),
    status: 'ready',
    problems: [],
    kind: tools.length > 0 ? 'code' : 'docs',
    config: {},
    ...rest,
    dir,
    source,
    tools,
  };
}

let nextVersion = 1;

/** A snapshot of the given records (a fresh version each time). */
export function snapshotOf(records: readonly SkillRecord[]): CatalogSnapshot {
  return createSnapshot(nextVersion++, records);
}
