// OpenAI strict mode (Structured Outputs) accepts a subset of JSON Schema: every object
// closed with additionalProperties:false and every property required (an optional one
// becomes nullable), and only the keywords below. A schema that cannot be made strict is
// sent as is with strict:false. restoreOptional undoes the nulls the model then sends for
// omitted optional properties, so the router validates against the author's schema.
import { isRecord, type JsonSchema } from './types.js';

/** Structured Outputs limits: object nesting depth and total properties. */
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

/** Keywords that only annotate: dropped from a strict schema. */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const COMMON = new Set(['type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref']);
const BY_TYPE: Record<string, readonly string[]> = {
  string: ['pattern', 'format'],
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'additionalProperties'],
  boolean: [],
  null: [],
};
const ALL_TYPE_KEYWORDS = new Set(Object.values(BY_TYPE).flat());
/** String formats strict mode supports. */
const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

class NotStrict extends Error {}

/** The strict-mode form of a tool's input schema, or undefined when it cannot have one. */
export function toStrictSchema(schema: JsonSchema): JsonSchema | undefined {
  try {
    if (schema.anyOf !== undefined || typesOf(schema).join() !== 'object') return undefined;
    const state = { properties: 0 };
    const out = convert(schema, 0, state);
    for (const key of ['$defs', 'definitions'] as const) {
      const defs = schema[key];
      if (defs === undefined) continue;
      if (!isRecord(defs)) return undefined;
      out[key] = Object.fromEntries(
        Object.entries(defs).map(([k, v]) => [k, convert(asSchema(v), 1, state)]),
      );
    }
    return out;
  } catch (e) {
    if (e instanceof NotStrict) return undefined;
    throw e;
  }
}

function asSchema(v: unknown): JsonSchema {
  if (!isRecord(v)) throw new NotStrict();
  return v;
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  if (t === undefined) return isRecord(schema.properties) ? ['object'] : [];
  return Array.isArray(t) ? (t as string[]) : [t as string];
}

function convert(schema: JsonSchema, depth: number, state: { properties: number }): JsonSchema {
  const types = typesOf(schema);
  const allowed = new Set(types.flatMap((t) => BY_TYPE[t] ?? []));
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key === '$defs' || key === 'definitions') continue;
    if (!COMMON.has(key) && !allowed.has(key)) {
      // A keyword of a type the schema does not declare says nothing; anything else is unsupported.
      if (ALL_TYPE_KEYWORDS.has(key) && types.length > 0) continue;
      throw new NotStrict();
    }
    out[key] = value;
  }
  if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) throw new NotStrict();
  if (schema.format !== undefined && !FORMATS.has(schema.format as string)) throw new NotStrict();
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf)) throw new NotStrict();
    out.anyOf = schema.anyOf.map((s) => convert(asSchema(s), depth, state));
  }
  if (
    types.length === 0 &&
    ['enum', 'const', 'anyOf', '$ref'].every((k) => schema[k] === undefined)
  ) {
    throw new NotStrict(); // "any value" has no strict form
  }
  if (types.includes('array')) {
    if (schema.items === undefined) throw new NotStrict();
    out.items = convert(asSchema(schema.items), depth, state);
  }
  if (types.includes('object')) {
    if (schema.type === undefined) out.type = 'object';
    if (depth >= MAX_DEPTH) throw new NotStrict();
    const props = schema.properties ?? {};
    if (!isRecord(props)) throw new NotStrict();
    // A map with arbitrary keys cannot be closed.
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
      throw new NotStrict();
    if (schema.properties === undefined && schema.additionalProperties === undefined)
      throw new NotStrict();
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    state.properties += Object.keys(props).length;
    if (state.properties > MAX_PROPERTIES) throw new NotStrict();
    const properties: JsonSchema = {};
    for (const [name, child] of Object.entries(props)) {
      const converted = convert(asSchema(child), depth + 1, state);
      properties[name] = required.has(name) ? converted : nullable(converted);
    }
    out.properties = properties;
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

function allowsNull(schema: JsonSchema): boolean {
  return (
    typesOf(schema).includes('null') ||
    (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
    schema.const === null ||
    (Array.isArray(schema.anyOf) && schema.anyOf.some((s) => isRecord(s) && allowsNull(s)))
  );
}

/** The schema, also accepting null (how strict mode says "optional"). */
function nullable(schema: JsonSchema): JsonSchema {
  if (allowsNull(schema)) return schema;
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  if (schema.type === undefined || schema.$ref !== undefined || schema.const !== undefined) {
    return { anyOf: [schema, { type: 'null' }] };
  }
  const out: JsonSchema = { ...schema, type: [...typesOf(schema), 'null'] };
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
  return out;
}

/**
 * Removes the nulls a strict-mode model sends for optional properties the original schema
 * does not allow to be null, so the input validates against the original schema.
 */
export function restoreOptional(
  schema: JsonSchema,
  value: unknown,
  root: JsonSchema = schema,
  depth = 0,
): unknown {
  if (depth > 64) return value;
  const target = resolveRef(schema, root);
  if (!target) return value;
  if (Array.isArray(value)) {
    const items = target.items;
    return isRecord(items) ? value.map((v) => restoreOptional(items, v, root, depth + 1)) : value;
  }
  if (!isRecord(value) || !isRecord(target.properties)) return value;
  const props = target.properties;
  const required = new Set(Array.isArray(target.required) ? (target.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const child = props[key];
    if (!isRecord(child)) {
      out[key] = v;
      continue;
    }
    const resolved = resolveRef(child, root);
    if (v === null && !required.has(key) && resolved && !allowsNull(resolved)) continue;
    out[key] = restoreOptional(child, v, root, depth + 1);
  }
  return out;
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  let s: JsonSchema | undefined = schema;
  for (let hops = 0; s && typeof s.$ref === 'string' && hops < 16; hops++) {
    const ref: string = s.$ref as string;
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) {
      node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    s = isRecord(node) ? node : undefined;
  }
  return s;
}
