// Reads an unpacked package as data (package.json, manifest.json, SKILL.md: the SDK's
// readSkillFolder, the same reader the scan uses) and decides whether it can be installed,
// without running any of its code. Pure apart from that read.
import {
  HOST_API_VERSION,
  readSkillFolder,
  SkillError,
  type SkillFolder,
} from '@openclaw/skill-sdk';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import valid from 'semver/functions/valid.js';
import type { InstallSummary, SummaryTool } from './types.js';

/** npm-installed skills use ASCII names. */
const STORE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'prepack', 'postpack'];

export interface Inspected {
  folder: SkillFolder;
  summary: Omit<InstallSummary, 'resolved' | 'integrity' | 'warnings' | 'previousVersion'>;
}

export async function inspectPackage(
  dir: string,
  spec: string,
  hostVersion: string = HOST_API_VERSION,
  /** `info` and `search` show a skill made for another host instead of refusing it. */
  opts: {
    checkHost?: boolean;
    /**
     * A skill from a folder, archive or git: package.json is optional and the version is
     * made from the skill's own (package.json or manifest.json, when any) by this function.
     */
    sourceVersion?: (own: string | undefined) => string;
  } = {},
): Promise<Inspected> {
  const folder = await readSkillFolder(dir, { mode: 'lenient' });
  const fail = (message: string, hint: string) =>
    new SkillError('INSTALL_FAILED', message, { hint });
  if (folder.problems.some((p) => p.code === 'SKILL_MD_MISSING') && folder.kind !== 'code') {
    throw fail(
      `${spec} is not a skill: its package has neither SKILL.md nor manifest.json.`,
      'Install a package made with `npm create openclaw-skill`, or any folder holding SKILL.md.',
    );
  }
  const errors = folder.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0]!;
    const where = first.file.startsWith(dir) ? first.file.slice(dir.length + 1) : first.file;
    throw new SkillError(
      first.code.startsWith('MANIFEST') ? 'MANIFEST_INVALID' : 'INSTALL_FAILED',
      `${spec} is not a valid skill: ${where}${first.line ? `:${first.line}` : ''} ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : ''}`,
      {
        hint: 'Nothing was installed; the publisher must fix the package (`openclaw-skill validate`).',
      },
    );
  }
  const pkg = folder.packageJson;
  const { manifest, doc } = folder;
  const name = manifest?.name ?? doc?.name;
  if (!name || !STORE_NAME.test(name) || name.length > 64) {
    throw fail(
      `${spec} names its skill "${name ?? ''}", which is not a valid installed skill name (lowercase letters, digits and single hyphens, at most 64).`,
      'Nothing was installed; the publisher must rename the skill.',
    );
  }
  const own = pkg?.version ?? manifest?.version;
  const version = opts.sourceVersion ? opts.sourceVersion(own) : own;
  if ((!pkg?.name && !opts.sourceVersion) || !version || valid(version) !== version) {
    throw fail(
      `${spec} has no package.json with a name and a semver version.`,
      'Pack the skill with `npm pack` from its folder.',
    );
  }
  const hostRange = manifest?.host;
  if (hostRange !== undefined) {
    if (!validRange(hostRange)) {
      throw fail(
        `${spec} asks for the host API "${hostRange}", which is not a semver range.`,
        'The publisher must fix manifest.json `host`.',
      );
    }
    if (
      opts.checkHost !== false &&
      !satisfies(hostVersion, hostRange, { includePrerelease: true })
    ) {
      throw fail(
        `${name}@${version} needs host API ${hostRange}; this host has ${hostVersion}.`,
        'Install a version of the skill made for this host, or update the host.',
      );
    }
  }
  const tools = summaryTools(manifest);
  const scopes = scopesByProvider(tools, Object.keys(manifest?.auth ?? {}));
  const raw = pkg?.raw ?? {};
  const scripts = Object.keys((raw.scripts as Record<string, string> | undefined) ?? {}).filter(
    (s) => INSTALL_SCRIPTS.includes(s),
  );
  const perms = manifest?.permissions;
  return {
    folder,
    summary: {
      name,
      package: pkg?.name ?? name,
      version,
      description: manifest?.description ?? doc?.description ?? '',
      kind: folder.kind,
      ...(hostRange !== undefined && { hostRange }),
      tools,
      permissions: {
        network: [...(perms?.network ?? [])],
        env: [...(perms?.env ?? [])],
        fs: perms?.fs ?? 'none',
      },
      scopes,
      dependencies: { ...((raw.dependencies as Record<string, string> | undefined) ?? {}) },
      scripts,
    },
  };
}

/** What consent shows of each tool: its auth, approval and whether it is destructive. */
function summaryTools(manifest: SkillFolder['manifest']): SummaryTool[] {
  return (manifest?.tools ?? []).map((t) => ({
    name: t.name,
    description: t.description,
    ...(t.auth && { auth: { provider: t.auth.provider, scopes: [...(t.auth.scopes ?? [])] } }),
    ...(t.approval && { approval: t.approval }),
    ...(t.annotations?.destructiveHint === true && { destructive: true }),
  }));
}

/** The scopes the tools ask per provider (sorted); a declared provider no tool uses gets []. */
function scopesByProvider(
  tools: readonly SummaryTool[],
  providers: readonly string[],
): Record<string, string[]> {
  const scopes: Record<string, string[]> = {};
  for (const t of tools) {
    if (!t.auth) continue;
    const set = new Set([...(scopes[t.auth.provider] ?? []), ...t.auth.scopes]);
    scopes[t.auth.provider] = [...set].sort();
  }
  for (const provider of providers) scopes[provider] ??= [];
  return scopes;
}
