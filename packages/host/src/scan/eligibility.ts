// Whether a valid skill can run here: OpenClaw's metadata.openclaw gates (os, required
// binaries, env and host config paths), the manifest's host API range, and the user's settings for the skill.
// A pure function on plain data: the scan gathers PATH and env once and passes them in.
// A missing API key (apiKey auth) is deliberately not checked: the skill stays listed and
// its calls answer AUTH_REQUIRED with what to set, which is more useful to a model.
import Range from 'semver/classes/range.js';
import {
  resolveSkillConfig,
  type Manifest,
  type OpenClawMetadata,
  type Problem,
  type ProblemCode,
} from '@openclaw/skill-sdk';
import type { SkillSettings } from '../config/schema.js';
import { configPathTruthy } from './config-path.js';

export interface EligibilityInput {
  name: string;
  /** Absolute SKILL.md path and the line of its `metadata` key, for problems. */
  docFile: string;
  metadataLine?: number;
  openclaw?: OpenClawMetadata;
  manifest?: Pick<Manifest, 'host' | 'config'>;
  manifestFile: string;
  settings?: SkillSettings;
  /** The host config file, named in config problems. */
  configFile: string;
  /** The host config as loaded, for `requires.config` paths. */
  hostConfig?: unknown;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Binaries found on PATH (see findBins). */
  bins: ReadonlySet<string>;
  hostVersion: string;
}

export interface EligibilityResult {
  /** Reasons the skill cannot run here (status `ineligible`). */
  problems: Problem[];
  /** Problems that make the skill itself invalid (a broken config schema). */
  invalid: Problem[];
  /** The skill's settings, validated, defaults applied. */
  config: Record<string, unknown>;
}

const OS_ALIASES: Record<string, string> = {
  macos: 'darwin',
  mac: 'darwin',
  osx: 'darwin',
  windows: 'win32',
  win: 'win32',
};

const strings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string' && x !== '')
    : typeof v === 'string' && v
      ? [v]
      : [];

const code = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');

// Parsing a semver range is slow next to the rest of the checks, and a catalog repeats a
// handful of ranges ("^1"), so the answer is kept per (version, range). The first parse in
// a process is the slowest (~2 ms: semver compiles its expressions), so the scan cache also
// keeps the answers for the next process (hostRangeAnswers, rememberHostRangeAnswers).
const rangeCache = new Map<string, boolean | undefined>();
/** A catalog has a handful of ranges; a cache file holding more is not ours to trust. */
const MAX_RANGE_ANSWERS = 1000;

/** The answers found so far, as JSON (null: not a valid range). */
export function hostRangeAnswers(): Record<string, boolean | null> {
  const out: Record<string, boolean | null> = {};
  for (const [key, ok] of rangeCache) out[key] = ok ?? null;
  return out;
}

/** Takes the answers an earlier process found (from the scan cache); anything else is ignored. */
export function rememberHostRangeAnswers(answers: unknown): void {
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return;
  for (const [key, ok] of Object.entries(answers)) {
    if (rangeCache.size >= MAX_RANGE_ANSWERS) return;
    if (typeof ok === 'boolean' || ok === null) rangeCache.set(key, ok ?? undefined);
  }
}

function satisfiesRange(version: string, range: string): boolean | undefined {
  const key = `${version} ${range}`;
  if (rangeCache.has(key)) return rangeCache.get(key);
  // undefined: not a valid range (the folder reader reports HOST_RANGE_INVALID). One
  // parse: semver's validRange and satisfies would each parse the range again.
  let ok: boolean | undefined;
  try {
    ok = new Range(range, { includePrerelease: true }).test(version);
  } catch {
    ok = undefined;
  }
  if (rangeCache.size < MAX_RANGE_ANSWERS) rangeCache.set(key, ok);
  return ok;
}

export function checkEligibility(input: EligibilityInput): EligibilityResult {
  const problems: Problem[] = [];
  const { openclaw, settings, env } = input;
  const fromDoc = (c: ProblemCode, message: string, field: string) =>
    problems.push({
      code: c,
      severity: 'error',
      message,
      file: input.docFile,
      ...(input.metadataLine !== undefined && { line: input.metadataLine }),
      field,
    });

  if (openclaw && openclaw.always !== true) {
    const os = strings(openclaw.os).map((o) => OS_ALIASES[o.toLowerCase()] ?? o.toLowerCase());
    if (os.length > 0 && !os.includes(input.platform)) {
      fromDoc(
        'REQUIRES_OS',
        `runs only on ${os.join(', ')} (this host is ${input.platform})`,
        'metadata.openclaw.os',
      );
    }
    const requires = (openclaw.requires ?? {}) as Record<string, unknown>;
    for (const bin of strings(requires.bins)) {
      if (!input.bins.has(bin))
        fromDoc(
          'REQUIRES_BIN',
          `requires binary \`${bin}\` on PATH`,
          'metadata.openclaw.requires.bins',
        );
    }
    const anyBins = strings(requires.anyBins);
    if (anyBins.length > 0 && !anyBins.some((b) => input.bins.has(b))) {
      fromDoc(
        'REQUIRES_ANY_BIN',
        `requires one of the binaries ${code(anyBins)} on PATH`,
        'metadata.openclaw.requires.anyBins',
      );
    }
    for (const name of strings(requires.env)) {
      const set = !!env[name] || !!settings?.env?.[name] || !!settings?.secrets?.[name];
      if (!set) {
        fromDoc(
          'REQUIRES_ENV',
          `requires environment variable \`${name}\` (set it, or add it to skills.${input.name}.env in ${input.configFile})`,
          'metadata.openclaw.requires.env',
        );
      }
    }
    for (const path of strings(requires.config)) {
      if (!configPathTruthy(input.hostConfig, path))
        fromDoc(
          'REQUIRES_CONFIG',
          `requires \`${path}\` to be set (not false or empty) in ${input.configFile}`,
          'metadata.openclaw.requires.config',
        );
    }
  }

  const range = input.manifest?.host;
  if (range && satisfiesRange(input.hostVersion, range) === false) {
    problems.push({
      code: 'HOST_RANGE_UNSATISFIED',
      severity: 'error',
      file: input.manifestFile,
      field: 'host',
      message: `manifest.json: needs host API "${range}" but this host provides ${input.hostVersion}; update @openclaw/skill-host or use an older version of the skill`,
    });
  }

  const cfg = resolveSkillConfig({
    skill: input.name,
    schema: input.manifest?.config as Record<string, unknown> | undefined,
    value: settings?.config as Record<string, unknown> | undefined,
    configFile: input.configFile,
    manifestFile: input.manifestFile,
  });
  problems.push(...cfg.problems);
  return { problems, invalid: cfg.schemaProblems, config: cfg.config };
}
