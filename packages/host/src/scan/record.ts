// One skill folder, as read by the SDK, into a catalog record. Pure: the scan has already
// done all I/O (folder read, PATH listing) and passes the results in.
import { basename, join, sep } from 'node:path';
import type { Manifest, Problem, SkillFolder } from '@openclaw/skill-sdk';
import {
  DEFAULT_MAX_RESULT_CHARS,
  DEFAULT_TIMEOUT_MS,
  type SkillRecord,
  type SkillSource,
  type SkillStatus,
  type ToolRecord,
} from '../catalog/types.js';
import type { SkillSettings } from '../config/schema.js';
import { checkEligibility } from './eligibility.js';

export interface RecordEnv {
  settings: (name: string) => SkillSettings | undefined;
  configFile: string;
  /** The host config as loaded (OpenClaw's `requires.config` paths are looked up in it). */
  hostConfig?: unknown;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  bins: ReadonlySet<string>;
  hostVersion: string;
}

export function toolRecords(skill: string, manifest: Manifest): ToolRecord[] {
  return (manifest.tools ?? []).map((t) => {
    const dot = t.name.indexOf('.');
    return {
      name: t.name,
      skill,
      tool: dot < 0 ? t.name : t.name.slice(dot + 1),
      ...(t.title !== undefined && { title: t.title }),
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema !== undefined && { outputSchema: t.outputSchema }),
      ...(t.annotations !== undefined && { annotations: t.annotations }),
      ...(t.auth !== undefined && {
        auth: { provider: t.auth.provider, scopes: [...(t.auth.scopes ?? [])] },
      }),
      ...(t.approval !== undefined && { approval: t.approval }),
      timeoutMs: t.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxResultChars: t.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS,
      ownerOnly: t.ownerOnly ?? false,
      ...(t.group !== undefined && { group: t.group }),
      manifest: t,
    };
  });
}

/** join(dir, name) for a folder the reader resolved (normalised): no second normalisation. */
const childPath = (dir: string, name: string) =>
  dir.endsWith(sep) ? dir + name : dir + sep + name;

const hasError = (problems: readonly Problem[]) => problems.some((p) => p.severity === 'error');

/** The skill's name: the manifest's, else SKILL.md's (which defaults to the folder name). */
export function skillName(folder: SkillFolder): string {
  return folder.manifest?.name ?? folder.doc?.name ?? basename(folder.dir);
}

export function buildRecord(folder: SkillFolder, source: SkillSource, env: RecordEnv): SkillRecord {
  const { manifest, doc } = folder;
  const name = skillName(folder);
  const settings = env.settings(name);
  const problems: Problem[] = [...folder.problems];
  let status: SkillStatus;
  let config: Record<string, unknown> = {};
  const location = doc?.file ?? join(folder.dir, 'SKILL.md');
  if (hasError(problems)) status = 'invalid';
  else if (settings?.enabled === false) status = 'disabled';
  else {
    const result = checkEligibility({
      name,
      docFile: location,
      ...(doc?.keyLines.metadata !== undefined && { metadataLine: doc.keyLines.metadata }),
      ...(doc?.openclaw && { openclaw: doc.openclaw }),
      ...(manifest && { manifest }),
      manifestFile: childPath(folder.dir, 'manifest.json'),
      ...(settings && { settings }),
      configFile: env.configFile,
      hostConfig: env.hostConfig,
      env: env.env,
      platform: env.platform,
      bins: env.bins,
      hostVersion: env.hostVersion,
    });
    config = result.config;
    problems.push(...result.invalid, ...result.problems);
    status =
      result.invalid.length > 0 ? 'invalid' : result.problems.length > 0 ? 'ineligible' : 'ready';
  }
  const emoji = doc?.openclaw?.emoji;
  const version = manifest?.version ?? folder.packageJson?.version ?? '0.0.0';
  return {
    name,
    version,
    description: manifest?.description ?? doc?.description ?? '',
    ...(manifest?.displayName !== undefined && { displayName: manifest.displayName }),
    ...(typeof emoji === 'string' && { emoji }),
    dir: folder.dir,
    location,
    source,
    status,
    problems,
    kind: folder.kind,
    ...(doc && { doc }),
    ...(manifest && { manifest }),
    ...(folder.entry !== undefined && { entry: folder.entry }),
    config,
    tools: manifest ? toolRecords(name, manifest) : [],
  };
}

/** A record for a folder the reader could not read at all (a bug or an I/O error). */
export function unreadableRecord(dir: string, source: SkillSource, error: unknown): SkillRecord {
  const location = join(dir, 'SKILL.md');
  return {
    name: basename(dir),
    version: '0.0.0',
    description: '',
    dir,
    location,
    source,
    status: 'invalid',
    problems: [
      {
        code: 'SKILL_UNREADABLE',
        severity: 'error',
        file: dir,
        message: `${dir} could not be read: ${error instanceof Error ? error.message : String(error)}`,
      },
    ],
    kind: 'docs',
    config: {},
    tools: [],
  };
}
