// manifest.json against the published JSON Schema, with the validator ajv generated from it
// ahead of time (manifest-validator.ts): no schema compile at run time. ajv's errors become
// one Problem per mistake, each with the JSON path and a message a person can act on.
import type { ErrorObject } from 'ajv';
import { MAX_PROBLEMS, type Problem } from '../errors.js';
import { SKILL_NAME_PATTERN } from '../manifest/schema.js';
import { displayPath, showValue, type JsonPath } from './json-source.js';
import { validateManifest } from './manifest-validator.js';

export interface SchemaContext {
  file: string;
  /** Line of a JSON path (computed lazily by the caller). */
  line: (path: JsonPath) => number | undefined;
}

/**
 * Validates a parsed manifest.json. `valid` is the schema's verdict; `problems` may be empty
 * even when invalid, because a bad tool name is left to the tool-name checks (they say more).
 */
export function checkManifestSchema(
  data: unknown,
  ctx: SchemaContext,
): { valid: boolean; problems: Problem[] } {
  if (validateManifest(data)) return { valid: true, problems: [] };
  const errors = [...(validateManifest.errors ?? [])];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const e of selectErrors(errors, data)) {
    // One past the cap, so the caller knows to say the list was cut.
    if (problems.length > MAX_PROBLEMS) break;
    const p = toProblem(e, data, ctx);
    if (!p) continue;
    const key = `${p.field}\u0000${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(p);
  }
  return { valid: false, problems };
}

/**
 * ajv reports every failed branch of a oneOf/anyOf. Keep the branch the data meant (the one
 * whose `type` discriminator matched, e.g. an `oauth2` auth entry); otherwise report the
 * combinator alone. Tool-name patterns are left to the tool-name checks, which say more.
 */
function selectErrors(errors: ErrorObject[], data: unknown): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  for (let i = 0; i < errors.length; i++) {
    const c = errors[i]!;
    if (c.keyword !== 'oneOf' && c.keyword !== 'anyOf') continue;
    // ajv (allErrors) reports a combinator right after its branches' errors, so they are the
    // run just before it under its schema path: found in time linear in the run, where a
    // search of the whole list per combinator was quadratic (an `auth` map of 4,000 bad
    // entries took 21 s).
    const prefix = `${c.schemaPath}/`;
    const branches: ErrorObject[] = [];
    for (let j = i - 1; j >= 0 && errors[j]!.schemaPath.startsWith(prefix); j--) {
      const e = errors[j]!;
      if (e.instancePath === c.instancePath || e.instancePath.startsWith(`${c.instancePath}/`))
        branches.push(e);
    }
    for (const b of branches) drop.add(b);
    const count = Array.isArray(c.schema) ? c.schema.length : 0;
    const byBranch: ErrorObject[][] = Array.from({ length: count }, () => []);
    for (const e of branches) {
      const rest = e.schemaPath.slice(prefix.length);
      const n = Number(rest.slice(0, rest.indexOf('/')));
      if (Number.isInteger(n) && n >= 0 && n < count) byBranch[n]!.push(e);
    }
    const meant = byBranch.filter(
      (errs) =>
        errs.length > 0 &&
        !errs.some((e) => e.instancePath === `${c.instancePath}/type` && e.keyword === 'const') &&
        !errs.some((e) => e.instancePath === c.instancePath && e.keyword === 'type'),
    );
    const discriminated =
      byBranch.length > 1 &&
      meant.length === 1 &&
      hasTypeKey(valueAt(data, pointerToPath(c.instancePath, data)));
    if (discriminated) {
      for (const e of meant[0]!) drop.delete(e);
      drop.add(c);
    }
  }
  return errors.filter(
    (e) =>
      !drop.has(e) &&
      // propertyNames repeats each nested failure; its own error says it all.
      !(e.propertyName !== undefined && e.keyword !== 'propertyNames') &&
      !(e.keyword === 'pattern' && /^\/tools\/\d+\/name$/.test(e.instancePath)),
  );
}

const hasTypeKey = (v: unknown) => typeof v === 'object' && v !== null && 'type' in v;

function toProblem(e: ErrorObject, data: unknown, ctx: SchemaContext): Problem | undefined {
  const path = pointerToPath(e.instancePath, data);
  const here = displayPath(path) || 'the top level';
  const params = e.params as Record<string, unknown>;
  let target = path;
  let message: string;
  switch (e.keyword) {
    case 'required': {
      const prop = String(params.missingProperty);
      target = [...path, prop];
      const example = prop === 'manifestVersion' ? '; add "manifestVersion": 1' : '; add it';
      message = `${here} is missing the required key "${prop}"${example}`;
      break;
    }
    case 'additionalProperties': {
      const prop = String(params.additionalProperty);
      target = [...path, prop];
      message = `${displayPath(target)} is not a known key${path.length ? ` of ${here}` : ''}; remove it or fix its spelling (see manifest.schema.json)`;
      break;
    }
    case 'propertyNames': {
      const prop = String(params.propertyName);
      target = [...path, prop];
      message = `${here} key "${prop}" may only hold letters, digits, "_" and "-"; rename it`;
      break;
    }
    case 'type':
      message = `${here} must be ${article(String(params.type))}, not ${kindOf(e.data)}`;
      break;
    case 'const':
      message = `${here} must be ${JSON.stringify(params.allowedValue)}, not ${showValue(e.data)}`;
      break;
    case 'enum':
      message = `${here} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, not ${showValue(e.data)}`;
      break;
    case 'pattern':
      message =
        params.pattern === SKILL_NAME_PATTERN
          ? `${here} ${showValue(e.data)} must be lowercase ASCII letters, digits and single hyphens, e.g. "my-skill"`
          : `${here} ${showValue(e.data)} must match ${String(params.pattern)}`;
      break;
    case 'minLength':
      message =
        params.limit === 1
          ? `${here} must not be empty`
          : `${here} must be at least ${String(params.limit)} characters`;
      break;
    case 'maxLength':
      message = `${here} is ${typeof e.data === 'string' ? [...e.data].length : '?'} characters; the limit is ${String(params.limit)}`;
      break;
    case 'minimum':
    case 'maximum':
      message = `${here} must be ${String(params.comparison)} ${String(params.limit)}, not ${showValue(e.data)}`;
      break;
    case 'oneOf':
    case 'anyOf':
      message = `${here} must be ${describeBranches(e.schema)}, not ${showValue(e.data)}`;
      break;
    default:
      message = `${here} ${e.message ?? 'is invalid'}`;
  }
  const line = ctx.line(target);
  const field = displayPath(target);
  return {
    code: 'MANIFEST_SCHEMA',
    severity: 'error',
    message: `manifest.json: ${message}`,
    file: ctx.file,
    ...(line !== undefined && { line }),
    ...(field && { field }),
  };
}

function describeBranches(schema: unknown): string {
  if (!Array.isArray(schema)) return 'one of the allowed shapes';
  const parts = schema.map((s: Record<string, unknown>) => {
    const typeConst = (s.properties as Record<string, { const?: unknown }> | undefined)?.type
      ?.const;
    if (typeConst !== undefined) return `an object with "type": ${JSON.stringify(typeConst)}`;
    return typeof s.type === 'string' ? article(s.type) : 'another shape';
  });
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}`
    : (parts[0] ?? 'valid');
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (Number.isInteger(v)) return 'an integer';
  return article(typeof v);
}

/** JSON Pointer to path segments; array indexes become numbers by looking at the data. */
export function pointerToPath(pointer: string, data: unknown): JsonPath {
  if (pointer === '') return [];
  const out: JsonPath = [];
  let cur: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur) && /^\d+$/.test(seg)) {
      out.push(Number(seg));
      cur = cur[Number(seg)];
    } else {
      out.push(seg);
      cur =
        typeof cur === 'object' && cur !== null ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return out;
}

function valueAt(data: unknown, path: JsonPath): unknown {
  let cur = data;
  for (const seg of path)
    cur =
      typeof cur === 'object' && cur !== null
        ? (cur as Record<string | number, unknown>)[seg]
        : undefined;
  return cur;
}
