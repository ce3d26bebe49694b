// Checks across manifest.json, SKILL.md and package.json that a JSON Schema cannot express.
// They run on the parsed JSON even when the schema failed (guarding every shape), so the
// user sees every mistake in one pass.
import validRange from 'semver/ranges/valid.js';
import { MAX_PROBLEMS, type Problem, type ProblemCode } from '../errors.js';
import { LruCache } from '../lru-cache.js';
import { TOOL_PART_PATTERN } from '../manifest/schema.js';
import type { SkillDoc } from '../skill-md/types.js';
import { chooseEntry } from './entry.js';
import { displayPath, type JsonPath } from './json-source.js';
import type { PackageJsonInfo } from './package-json.js';
import { reservedEnvReason } from './reserved-env.js';

const TOOL_PART = new RegExp(TOOL_PART_PATTERN);

export interface CrossCheckInput {
  dir: string;
  /** Parsed manifest.json (any JSON value). */
  manifest: unknown;
  manifestFile: string;
  manifestLine: (path: JsonPath) => number | undefined;
  doc?: SkillDoc;
  packageJson?: PackageJsonInfo;
  packageFile: string;
  packageLine: (path: JsonPath) => number | undefined;
}

export interface CrossCheckResult {
  problems: Problem[];
  /** Absolute entry module path when it stays inside the package. */
  entry?: string;
}

// A catalog repeats a handful of `host` ranges ("^1"), and semver parses each one anew.
const rangeValidity = new LruCache<string, boolean>({ max: 256 });
function isValidRange(range: string): boolean {
  let valid = rangeValidity.get(range);
  if (valid === undefined) rangeValidity.set(range, (valid = validRange(range) !== null));
  return valid;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function crossCheckManifest(input: CrossCheckInput): CrossCheckResult {
  const { manifest, manifestFile: file, doc, packageJson: pkg } = input;
  const problems: Problem[] = [];
  const add = (
    code: ProblemCode,
    message: string,
    path: JsonPath,
    at: 'manifest' | 'package' = 'manifest',
  ) => {
    // One past the cap, so the caller knows to say the list was cut.
    if (problems.length > MAX_PROBLEMS) return;
    const line = at === 'manifest' ? input.manifestLine(path) : input.packageLine(path);
    const field = displayPath(path);
    problems.push({
      code,
      severity: 'error',
      message,
      file: at === 'manifest' ? file : input.packageFile,
      ...(line !== undefined && { line }),
      ...(field && { field }),
    });
  };
  const m = isObject(manifest) ? manifest : {};
  const skill = typeof m.name === 'string' ? m.name : undefined;

  if (skill !== undefined && doc && skill !== doc.name) {
    const docSays =
      doc.frontmatter.name === undefined || doc.frontmatter.name === null
        ? `SKILL.md has no name, so the folder name "${doc.name}" is used`
        : `SKILL.md says "${doc.name}"`;
    add(
      'MANIFEST_NAME_MISMATCH',
      `manifest.json: name "${skill}" does not match SKILL.md (${docSays}); make them the same`,
      ['name'],
    );
  }

  if (typeof m.version === 'string' && pkg?.version !== undefined && m.version !== pkg.version) {
    add(
      'VERSION_MISMATCH',
      `manifest.json: version "${m.version}" differs from package.json version "${pkg.version}"; make them equal or drop it from manifest.json`,
      ['version'],
    );
  }

  if (typeof m.host === 'string' && m.host !== '' && !isValidRange(m.host)) {
    add(
      'HOST_RANGE_INVALID',
      `manifest.json: host "${m.host}" is not a semver range; use e.g. "^1"`,
      ['host'],
    );
  }

  if (Array.isArray(m.tools))
    checkTools(m.tools, skill, isObject(m.auth) ? m.auth : undefined, add);
  checkReservedEnv(m, add);

  const choice = chooseEntry(input.dir, m.entry, pkg);
  if (!choice.inside) {
    const where =
      choice.source === 'manifest'
        ? 'manifest.json: entry'
        : `package.json: ${choice.source === 'exports' ? 'exports["."]' : 'main'}`;
    add(
      'ENTRY_OUTSIDE_PACKAGE',
      `${where} "${choice.target}" is not a file inside the skill's folder; use a path inside it, e.g. "./dist/index.js"`,
      choice.source === 'manifest' ? ['entry'] : [choice.source],
      choice.source === 'manifest' ? 'manifest' : 'package',
    );
    return { problems };
  }
  return { problems, entry: choice.path };
}

function checkTools(
  tools: unknown[],
  skill: string | undefined,
  auth: Record<string, unknown> | undefined,
  add: (code: ProblemCode, message: string, path: JsonPath) => void,
): void {
  const firstIndex = new Map<string, number>();
  let knownKeys: string[] | undefined;
  tools.forEach((tool, i) => {
    if (!isObject(tool)) return;
    const name = tool.name;
    if (typeof name === 'string') {
      const at = `manifest.json: tools[${i}].name "${name}"`;
      const prefix = skill !== undefined ? `${skill}.` : undefined;
      const dot = name.indexOf('.');
      const part =
        prefix !== undefined && name.startsWith(prefix)
          ? name.slice(prefix.length)
          : dot >= 0
            ? name.slice(dot + 1)
            : '';
      if (prefix !== undefined && !name.startsWith(prefix)) {
        add(
          'TOOL_NAME_PREFIX',
          `${at} must start with "${prefix}" (the skill's name); use e.g. "${suggest(skill!, name)}"`,
          ['tools', i, 'name'],
        );
      } else if (dot < 0 || !TOOL_PART.test(part)) {
        const skillPart = skill ?? (dot > 0 ? name.slice(0, dot) : 'skill');
        add(
          'TOOL_NAME_INVALID',
          `${at} is not \`<skill>.<tool>\` with one dot and a tool part of lowercase letters, digits and "_"; use e.g. "${suggest(skillPart, name)}"`,
          ['tools', i, 'name'],
        );
      }
      const first = firstIndex.get(name);
      if (first !== undefined) {
        add(
          'TOOL_DUPLICATE',
          `${at} is already declared by tools[${first}]; tool names must be unique`,
          ['tools', i, 'name'],
        );
      } else firstIndex.set(name, i);
    }
    const provider = isObject(tool.auth) ? tool.auth.provider : undefined;
    if (typeof provider === 'string' && !(auth && Object.hasOwn(auth, provider))) {
      const known = (knownKeys ??= auth ? Object.keys(auth) : []);
      const shown = known.slice(0, 10).map((k) => `"${k.slice(0, 64)}"`);
      if (known.length > 10) shown.push(`${known.length - 10} more`);
      add(
        'AUTH_PROVIDER_UNKNOWN',
        known.length
          ? `manifest.json: tools[${i}].auth.provider "${provider}" is not a key of the top-level "auth" map (it has ${shown.join(', ')}); fix the name or add it there`
          : `manifest.json: tools[${i}].auth.provider "${provider}" is not declared; add "auth": { "${provider}": { "type": "oauth2", "provider": "${provider}" } } at the top level`,
        ['tools', i, 'auth', 'provider'],
      );
    }
  });
}

/**
 * Env names the host keeps for itself, wherever the manifest declares one: `permissions.env`
 * and an apiKey auth entry's `env`. The skill would never receive it, so it cannot be ready.
 */
function checkReservedEnv(
  m: Record<string, unknown>,
  add: (code: ProblemCode, message: string, path: JsonPath) => void,
): void {
  const report = (name: unknown, path: JsonPath) => {
    if (typeof name !== 'string') return;
    const why = reservedEnvReason(name);
    if (why === undefined) return;
    add(
      'PERMISSION_RESERVED',
      `manifest.json: ${displayPath(path)} "${name.length > 64 ? `${name.slice(0, 63)}…` : name}" is reserved for the host (${why}); no skill receives it. Remove it, or use a name of the skill's own (e.g. "MYSKILL_API_KEY")`,
      path,
    );
  };
  const env = isObject(m.permissions) ? m.permissions.env : undefined;
  if (Array.isArray(env)) env.forEach((name, i) => report(name, ['permissions', 'env', i]));
  if (isObject(m.auth)) {
    for (const [key, entry] of Object.entries(m.auth)) {
      if (isObject(entry) && entry.type === 'apiKey') report(entry.env, ['auth', key, 'env']);
    }
  }
}

/** A valid canonical name close to what was written: `gmail..List` -> `gmail.list`. */
function suggest(skill: string, written: string): string {
  let last = written.split('.').filter(Boolean).at(-1) ?? '';
  if (last.startsWith(skill) && last.length > skill.length) last = last.slice(skill.length);
  const part = last
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '');
  return `${skill}.${part || 'tool'}`;
}
