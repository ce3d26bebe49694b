// Loads <home>/config.json (a missing file is an empty config), checks it against the
// host config schema and merges the library's `config` option over it. Unknown keys are
// errors: a typo in a policy key must not silently widen what tools may do.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { loadAjv } from '../lazy.js';
import { describeRead, parseJsonText, readTextCappedSync, SkillError } from '@openclaw/skill-sdk';
import { hostConfigSchema, type HostConfig, type SkillSettings } from './schema.js';

let validator: ValidateFunction | undefined;

function compiled(): ValidateFunction {
  // Compiled on first use: most hosts start without a config file and never pay for it.
  validator ??= new (loadAjv().Ajv)({ allErrors: true, verbose: true, strict: false }).compile(
    hostConfigSchema,
  );
  return validator;
}

/** One line naming the key; `base` is the JSON path of the value that was checked. */
export function describeSchemaError(e: ErrorObject, base = ''): string {
  const at = base + e.instancePath || '/';
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

const IN_SERVER_ENTRY = /^\/mcpServers\/[^/]+/;

/** Checks a host config; throws CONFIG_INVALID naming the first problem and the file. */
export function validateHostConfig(value: unknown, file: string): HostConfig {
  const validate = compiled();
  if (validate(value)) return value as HostConfig;
  // One bad mcpServers entry never stops the host: the MCP client checks each entry on its
  // own and lists that server as invalid with the reason (mcp-client/config.ts).
  const errors = (validate.errors ?? [])
    .filter((e) => !IN_SERVER_ENTRY.test(e.instancePath))
    .map((e) => describeSchemaError(e));
  if (errors.length === 0) return value as HostConfig;
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

/** config.json is a small settings file; anything bigger is not one. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Reads and checks one config file; a missing file is `{}`. Only a regular file is read
 * (a FIFO would hang, /dev/zero would fill memory), and no message quotes its content:
 * it may be a symlink to a file that holds secrets.
 */
export async function readHostConfigFile(file: string): Promise<HostConfig> {
  const read = readTextCappedSync(file, MAX_CONFIG_BYTES);
  if (read.kind === 'missing') return {};
  if (read.kind !== 'ok') {
    throw new SkillError(
      'CONFIG_INVALID',
      `${describeRead(read, file, MAX_CONFIG_BYTES)}; the host config must be a JSON file.`,
      { file, hint: `Replace ${file} with a JSON file, or remove it to use the defaults.` },
    );
  }
  const parsed = parseJsonText(read.text);
  if (!parsed.ok) {
    const line = parsed.line;
    const at = `${file}${line !== undefined ? `:${line}` : ''}`;
    throw new SkillError(
      'CONFIG_INVALID',
      parsed.depth !== undefined
        ? `${at} ${parsed.message}; no host config needs that.`
        : `${at} is not valid JSON (${parsed.message}).`,
      { file, ...(line !== undefined && { line }) },
    );
  }
  return validateHostConfig(parsed.value, file);
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
