// Stages 4 and 8: JSON Schema validation of inputs and outputs with ajv. Validators are
// compiled lazily, once per tool per snapshot (snapshot.memo), so a catalog of 1,000 tools
// pays only for the tools that are called.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { loadAddFormats, loadAjv, loadAjv2020 } from '../lazy.js';
import type { CatalogSnapshot, ToolRecord } from '../catalog/types.js';
import type { Refusal } from './failure.js';

type Compiled = ValidateFunction | { error: string };

export interface Validators {
  /** Checks an input and fills in the schema's `default`s (hand it a copy: see withDefaults). */
  input(tool: ToolRecord): Compiled;
  output(tool: ToolRecord): Compiled | undefined;
  /** Whether the input schema declares any `default` (the input is then copied first). */
  hasDefaults(tool: ToolRecord): boolean;
}

const MAX_ERRORS_IN_MESSAGE = 5;

export function validatorsFor(snapshot: CatalogSnapshot): Validators {
  return snapshot.memo('router:validators', createValidators);
}

/** Ajv instances per dialect, made on first use; inputs get `useDefaults`, outputs not. */
function ajvPool(options: typeof OPTIONS | typeof INPUT_OPTIONS) {
  let draft7: Ajv | undefined;
  let draft2020: Ajv2020 | undefined;
  const ajvFor = (schema: Record<string, unknown>): Ajv | Ajv2020 => {
    const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
    if (dialect.includes('2020-12') || dialect.includes('2019-09')) {
      if (!draft2020) loadAddFormats()((draft2020 = new (loadAjv2020().Ajv2020)(options)));
      return draft2020;
    }
    if (!draft7) loadAddFormats()((draft7 = new (loadAjv().Ajv)(options)));
    return draft7;
  };
  return (schema: Record<string, unknown>): Compiled => {
    try {
      return ajvFor(schema).compile(schema);
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  };
}

export function createValidators(): Validators {
  const compileInput = ajvPool(INPUT_OPTIONS);
  const compile = ajvPool(OPTIONS);
  const inputs = new Map<string, Compiled>();
  const outputs = new Map<string, Compiled>();
  const defaults = new Map<string, boolean>();
  return {
    input(tool) {
      let v = inputs.get(tool.name);
      if (!v) inputs.set(tool.name, (v = compileInput(tool.inputSchema)));
      return v;
    },
    hasDefaults(tool) {
      let d = defaults.get(tool.name);
      // A property named "default" matches too: it only costs a copy.
      if (d === undefined)
        defaults.set(tool.name, (d = JSON.stringify(tool.inputSchema).includes('"default"')));
      return d;
    },
    output(tool) {
      if (!tool.outputSchema) return undefined;
      let v = outputs.get(tool.name);
      if (!v) outputs.set(tool.name, (v = compile(tool.outputSchema)));
      return v;
    },
  };
}

// strict off: manifests may carry keywords ajv does not know (examples, x-...);
// $schema is handled by picking the dialect above.
const OPTIONS = { allErrors: true, strict: false, validateSchema: false } as const;
// Defaults are filled in where the schema's `properties` and `items` declare them (not
// inside anyOf/oneOf branches, as ajv documents).
const INPUT_OPTIONS = { ...OPTIONS, useDefaults: true } as const;

/**
 * The input the tool gets: a copy with the schema's defaults once validated, so the caller's
 * object (and the audit's record of what the model sent) stays as it was. A value that
 * cannot be cloned (a library caller's function inside) gets a shallow copy: its top-level
 * defaults still land on the copy.
 */
export function inputCopy(validators: Validators, tool: ToolRecord, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !validators.hasDefaults(tool)) return input;
  try {
    return structuredClone(input);
  } catch {
    return Array.isArray(input) ? [...(input as unknown[])] : { ...input };
  }
}

/** undefined when the input is valid; otherwise the INVALID_INPUT refusal. */
export function checkInput(
  tool: ToolRecord,
  validate: Compiled,
  input: unknown,
): Refusal | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    const got = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
    return {
      code: 'INVALID_INPUT',
      message: `The arguments for ${tool.name} were not a JSON object (got ${got}).`,
      hint: 'Call the tool again with its arguments as one JSON object matching its input schema.',
      details: { errors: [{ path: '', message: 'must be object' }] },
    };
  }
  if (typeof validate !== 'function') return schemaBroken(tool, 'inputSchema', validate.error);
  if (validate(input)) return undefined;
  const errors = describe(validate.errors);
  return {
    code: 'INVALID_INPUT',
    message: `Invalid arguments for ${tool.name}: ${summary(errors)}`,
    hint: 'Fix the listed fields to match the input schema and call the tool again.',
    details: { errors },
  };
}

/** undefined when the output is valid (or has no schema); otherwise INVALID_OUTPUT. */
export function checkOutput(
  tool: ToolRecord,
  validate: Compiled | undefined,
  value: unknown,
): Refusal | undefined {
  if (!validate) return undefined;
  if (typeof validate !== 'function') return schemaBroken(tool, 'outputSchema', validate.error);
  if (validate(value)) return undefined;
  const errors = describe(validate.errors);
  return {
    code: 'INVALID_OUTPUT',
    message: `${tool.name} returned a result that does not match its outputSchema: ${summary(errors)}`,
    hint: 'This is a bug in the skill; do not rely on this tool for now.',
    details: { errors },
  };
}

function schemaBroken(tool: ToolRecord, field: string, error: string): Refusal {
  return {
    code: 'MANIFEST_INVALID',
    message: `Tool ${tool.name} has an invalid ${field} in ${tool.skill}'s manifest.json: ${error}`,
    hint: `The skill author must fix tools[].${field} of ${tool.name}; \`openclaw-skill validate\` shows the problem.`,
  };
}

export interface PathError {
  path: string;
  message: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

function describe(errors: ErrorObject[] | null | undefined): PathError[] {
  return (errors ?? []).map((e) => ({
    path: e.instancePath,
    message: messageFor(e),
    keyword: e.keyword,
    params: e.params as Record<string, unknown>,
  }));
}

// ajv says "must NOT have additional properties" without naming the field; the model needs
// the name to drop it.
function messageFor(e: ErrorObject): string {
  const extra = (e.params as { additionalProperty?: unknown }).additionalProperty;
  if (e.keyword === 'additionalProperties' && typeof extra === 'string') {
    const name = extra.length > 100 ? `${extra.slice(0, 100)}...` : extra;
    return `must NOT have the unexpected field ${JSON.stringify(name)}`;
  }
  return e.message ?? 'is invalid';
}

function summary(errors: PathError[]): string {
  const parts = errors
    .slice(0, MAX_ERRORS_IN_MESSAGE)
    .map((e) => `${e.path || '(root)'}: ${e.message}`);
  if (errors.length > MAX_ERRORS_IN_MESSAGE)
    parts.push(`and ${errors.length - MAX_ERRORS_IN_MESSAGE} more`);
  return parts.join('; ');
}
