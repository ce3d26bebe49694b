// Loads <home>/config.json (a missing file is an empty config), checks it against the
// host config schema and merges the library's `config` option over it. Unknown keys are
// errors: a typo in a policy key must not silently widen what tools may do.
import { readFile } from 'node:fs/promises';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { loadAjv } from '../lazy.js';
import { SkillError } from '@openclaw/skill-sdk';
import { hostConfigSchema, type HostConfig, type SkillSettings } from './schema.js';

let validator: ValidateFunction | undefined;

function compiled(): ValidateFunction {
  // Compiled on first use: most hosts start without a config file and never pay for it.
  validator ??= new (loadAjv().Ajv)({ allErrors: true, verbose: true, strict: false }).compile(
    hostConfigSchema,
  );
  return validator;
}

function describe(e: ErrorObject): string {
  const at = e.instancePath || '/';
  if (e.keyword === 'additionalProperties') {
    const key = (e.params as { additionalProperty: string }).additionalProperty;
    const props = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)
      ?.properties;
    const allowed = props ? `; allowed keys: ${Object.keys(props).join(', ')}` : '';
    return `unknown key "${key}" at ${at}${allowed}`;
  }
  if (e.keyword === 'enum') {
    const values = (e.params as { allowedValues: unknown[] }).allowedValues;
    return `${at} must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${at} ${e.message ?? 'is invalid'}`;
}

/** Checks a host config; throws CONFIG_INVALID naming the first problem and the file. */
export function validateHostConfig(value: unknown, file: string): HostConfig {
  const validate = compiled();
  if (validate(value)) return value as HostConfig;
  const errors = (validate.errors ?? []).map(describe);
  const more =
    errors.length > 1
      ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})`
      : '';
  throw new SkillError('CONFIG_INVALID', `${file}: ${errors[0]}${more}.`, {
    file,
    hint: `Fix ${file}; its schema is host-config.schema.json in @openclaw/skill-host.`,
    details: { errors },
  });
}

function lineOf(text: string, error: unknown): number | undefined {
  const m = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (!m) return undefined;
  return text.slice(0, Number(m[1])).split('\n').length;
}

/** Reads and checks one config file; a missing file is `{}`. */
export async function readHostConfigFile(file: string): Promise<HostConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new SkillError('CONFIG_INVALID', `${file} cannot be read: ${(e as Error).message}`, {
      file,
      cause: e,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const line = lineOf(text, e);
    throw new SkillError(
      'CONFIG_INVALID',
      `${file}${line ? `:${line}` : ''} is not valid JSON: ${(e as Error).message}`,
      { file, ...(line && { line }), cause: e },
    );
  }
  return validateHostConfig(data, file);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge: objects merge key by key, everything else (arrays too) is replaced. */
export function mergeHostConfig(base: HostConfig, over: HostConfig | undefined): HostConfig {
  if (!over) return base;
  const merge = (a: unknown, b: unknown): unknown => {
    if (b === undefined) return a;
    if (!isPlainObject(a) || !isPlainObject(b)) return b;
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = merge(a[k], v);
    return out;
  };
  return merge(base, over) as HostConfig;
}

/** The effective host config: `<file>` merged with `override` (both checked). */
export async function loadHostConfig(file: string, override?: HostConfig): Promise<HostConfig> {
  const base = await readHostConfigFile(file);
  if (override === undefined) return base;
  return mergeHostConfig(
    base,
    validateHostConfig(override, 'the config option of createSkillHost'),
  );
}

/**
 * A skill's settings (`skills.<name>`). Own keys only: a lenient SKILL.md may be named
 * `constructor` or `__proto__`, which must not find Object.prototype members.
 */
export function skillSettings(config: HostConfig, name: string): SkillSettings | undefined {
  const skills = config.skills;
  return skills && Object.hasOwn(skills, name) ? skills[name] : undefined;
}
