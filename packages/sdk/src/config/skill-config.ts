// A skill's settings (`skills.<name>.config` in the host config) checked against the
// JSON Schema in its manifest, defaults applied. One implementation, here in the SDK, for the
// host's scan and for `createTester`, so a skill's unit tests see the config the host gives. Compiling a schema with ajv costs about a
// millisecond, too slow for a scan of 1,000 skills, so the common case (no user settings,
// a flat object schema with defaults) is answered without ajv; everything else is compiled
// once per distinct schema and kept in a bounded cache of the most recently used ones, so a
// long-running host whose skills keep changing their schemas does not grow without end.
import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import type { Problem } from '../errors.js';
import { LruCache } from '../lru-cache.js';

export interface SkillConfigResult {
  config: Record<string, unknown>;
  /** The user's settings do not match the schema: the skill is ineligible until fixed. */
  problems: Problem[];
  /** The manifest's schema itself is broken: the skill is invalid. */
  schemaProblems: Problem[];
}

export interface SkillConfigInput {
  skill: string;
  /** manifest.config */
  schema: Record<string, unknown> | undefined;
  /** `skills.<name>.config` from the host config */
  value: Record<string, unknown> | undefined;
  /** Where the settings come from (the host config file), named in problems. */
  configFile: string;
  /** manifest.json, named when the schema is broken. */
  manifestFile: string;
}

// ajv loads on first use: a scan answered by the fast path, or from its cache, never needs it.
const require = createRequire(import.meta.url);
let ajv: Ajv | undefined;

/** Compiled validators (or the compile error) kept, by the schema's JSON text. */
export const VALIDATORS_MAX = 256;
// Exported for its tests; nothing else reads it.
export const validators = new LruCache<string, ValidateFunction | Error>({ max: VALIDATORS_MAX });

function loadAjv(): Ajv {
  if (!ajv) {
    ajv = new (require('ajv') as typeof AjvModule).Ajv({
      useDefaults: true,
      allErrors: true,
      strict: false,
    });
    (require('ajv-formats') as { default: FormatsPlugin }).default(ajv);
  }
  return ajv;
}

function validatorFor(schema: Record<string, unknown>): ValidateFunction | Error {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    const compiler = loadAjv();
    try {
      v = compiler.compile(schema);
    } catch (e) {
      v = e instanceof Error ? e : new Error(String(e));
    }
    forget(compiler, schema);
    validators.set(key, v);
  }
  return v;
}

/**
 * Drops the schema from ajv's own cache (by schema object, and by $id). The compiled function
 * stands alone; kept there, every schema ever compiled would stay in memory, and a changed
 * schema with the same $id would be refused.
 */
function forget(compiler: Ajv, schema: Record<string, unknown>): void {
  try {
    compiler.removeSchema(schema);
  } catch {
    // A $id that is not a string: ajv dropped the cache entry before failing to read it,
    // and never registered the id.
  }
}

/** Keywords whose meaning for an empty object is fully known without a validator. */
const FLAT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'title',
  'description',
  '$schema',
  '$id',
  '$comment',
  'examples',
  'default',
]);

/**
 * `{}` with defaults applied, when that needs no validator: an object schema with only the
 * keywords above, whose required keys all have defaults and whose object defaults get no
 * nested defaults. Defaults are the author's and trusted here (`validate --strict` checks them).
 */
export function flatDefaults(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  for (const k of Object.keys(schema)) if (!FLAT_KEYWORDS.has(k)) return undefined;
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown> | boolean>;
  if (typeof props !== 'object' || props === null) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(props)) {
    if (typeof p !== 'object' || p === null || !('default' in p)) continue;
    if (typeof p.default === 'object' && p.default !== null && 'properties' in p) return undefined;
    out[name] = structuredClone(p.default);
  }
  const required = schema.required;
  if (required !== undefined) {
    if (!Array.isArray(required)) return undefined;
    for (const r of required) if (!(r in out)) return undefined;
  }
  return out;
}

function message(e: ErrorObject): string {
  if (e.keyword === 'enum') {
    const values = (e.params as { allowedValues: unknown[] }).allowedValues;
    return `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (e.keyword === 'additionalProperties') {
    return `has unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  }
  return e.message ?? 'is invalid';
}

/** The config a skill gets: `value` checked against `schema`, defaults filled in. */
export function resolveSkillConfig(input: SkillConfigInput): SkillConfigResult {
  const { schema, value, skill, configFile } = input;
  if (!schema) return { config: { ...(value ?? {}) }, problems: [], schemaProblems: [] };
  if (value === undefined) {
    const fast = flatDefaults(schema);
    if (fast) return { config: fast, problems: [], schemaProblems: [] };
  }
  const validate = validatorFor(schema);
  if (validate instanceof Error) {
    return {
      config: {},
      problems: [],
      schemaProblems: [
        {
          code: 'CONFIG_SCHEMA_INVALID',
          severity: 'error',
          file: input.manifestFile,
          field: 'config',
          message: `manifest.json: "config" is not a valid JSON Schema: ${validate.message}`,
        },
      ],
    };
  }
  const data = structuredClone(value ?? {});
  if (validate(data)) return { config: data, problems: [], schemaProblems: [] };
  const base = `/skills/${skill}/config`;
  const problems = (validate.errors ?? []).map((e): Problem => ({
    code: 'CONFIG_INVALID',
    severity: 'error',
    file: configFile,
    field: `${base}${e.instancePath}`,
    message: `${configFile}: ${base}${e.instancePath} ${message(e)} (the schema is "config" in the skill's manifest.json).`,
  }));
  return { config: data, problems, schemaProblems: [] };
}
