// Gemini function parameters use an OpenAPI 3.0 subset: no $ref, $schema or
// additionalProperties, one type per schema (nullable instead of ["T", "null"]), string-only
// enums, few formats. This turns a JSON Schema into that subset, keeping what it can say.
import { isRecord, type JsonSchema } from './types.js';

const KEEP = new Set([
  'description',
  'title',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'minProperties',
  'maxProperties',
  'default',
  'example',
  'propertyOrdering',
]);
const FORMATS: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};
/** How deep $ref chains are inlined before a recursive schema is cut off. */
const MAX_REF_DEPTH = 8;

/** Gemini `parameters` for a tool's input schema; undefined when it takes no parameters. */
export function toGeminiParameters(schema: JsonSchema): JsonSchema | undefined {
  const out = toGeminiSchema(schema);
  if (!isRecord(out.properties) || Object.keys(out.properties).length === 0) return undefined;
  return out;
}

export function toGeminiSchema(
  schema: JsonSchema,
  root: JsonSchema = schema,
  refDepth = 0,
): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const target = refDepth < MAX_REF_DEPTH ? resolve(schema.$ref, root) : undefined;
    const merged = target
      ? { ...target, ...withoutRef(schema) }
      : { type: 'object', ...withoutRef(schema) };
    return toGeminiSchema(merged, root, refDepth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.every(isRecord)) {
    return toGeminiSchema(mergeAllOf(schema), root, refDepth);
  }
  const out: JsonSchema = {};
  let types = typesOf(schema);
  let nullable = types.includes('null') || schema.nullable === true;
  types = types.filter((t) => t !== 'null');

  const union = (
    Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : undefined
  )?.filter(isRecord);
  if (union) {
    const branches = union.filter((b) => !(b.type === 'null'));
    if (branches.length < union.length) nullable = true;
    if (branches.length === 1 && types.length === 0) {
      const single = {
        ...withoutUnion(schema),
        ...branches[0],
        ...(nullable && { nullable: true }),
      };
      return toGeminiSchema(single, root, refDepth);
    }
    if (branches.length > 0) {
      out.anyOf = branches.map((b) => toGeminiSchema(b, root, refDepth));
    }
  }
  if (types.length > 1) {
    // Several types: one branch each.
    const { type: _t, ...rest } = schema;
    out.anyOf = types.map((t) => toGeminiSchema({ ...rest, type: t }, root, refDepth));
    if (nullable) out.nullable = true;
    copyKept(schema, out);
    return out;
  }
  const type = types[0];
  if (type) out.type = type;
  copyKept(schema, out);
  if (typeof schema.format === 'string' && type && FORMATS[type]?.includes(schema.format))
    out.format = schema.format;

  const values = Array.isArray(schema.enum)
    ? schema.enum
    : schema.const !== undefined
      ? [schema.const]
      : undefined;
  if (values) {
    if (values.includes(null)) nullable = true;
    const strings = values.filter((v) => v !== null);
    if (
      strings.length > 0 &&
      strings.every((v) => typeof v === 'string') &&
      (!type || type === 'string')
    ) {
      out.type = 'string';
      out.enum = strings;
    }
  }
  if (type === 'array' || schema.items !== undefined) {
    const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
    if (isRecord(items)) out.items = toGeminiSchema(items, root, refDepth);
    if (!out.type) out.type = 'array';
  }
  if (type === 'object' || isRecord(schema.properties)) {
    out.type = 'object';
    if (isRecord(schema.properties) && Object.keys(schema.properties).length > 0) {
      const properties: JsonSchema = {};
      for (const [name, child] of Object.entries(schema.properties)) {
        if (isRecord(child)) properties[name] = toGeminiSchema(child, root, refDepth);
      }
      out.properties = properties;
      const required = Array.isArray(schema.required)
        ? schema.required.filter((r) => typeof r === 'string' && r in properties)
        : [];
      if (required.length > 0) out.required = required;
    }
  }
  if (nullable) out.nullable = true;
  return out;
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  if (t === undefined) return [];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

function copyKept(from: JsonSchema, to: JsonSchema): void {
  for (const [k, v] of Object.entries(from)) if (KEEP.has(k)) to[k] = v;
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _r, ...rest } = schema;
  return rest;
}

function withoutUnion(schema: JsonSchema): JsonSchema {
  const { anyOf: _a, oneOf: _o, ...rest } = schema;
  return rest;
}

/** allOf of object schemas: properties and required lists joined, the rest first wins. */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  const { allOf, ...rest } = schema;
  const out: JsonSchema = { ...rest };
  const properties: JsonSchema = isRecord(rest.properties) ? { ...rest.properties } : {};
  const required = new Set<string>(Array.isArray(rest.required) ? (rest.required as string[]) : []);
  for (const part of allOf as JsonSchema[]) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isRecord(v)) Object.assign(properties, v);
      else if (k === 'required' && Array.isArray(v)) for (const r of v) required.add(r as string);
      else if (!(k in out)) out[k] = v;
    }
  }
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (required.size > 0) out.required = [...required];
  return out;
}

function resolve(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isRecord(node) ? node : undefined;
}
