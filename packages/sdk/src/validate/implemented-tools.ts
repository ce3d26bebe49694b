// Strict mode's "every declared tool is implemented and every implemented tool declared":
// import the built entry, create the tools with a test context and compare them with the
// manifest. This runs the skill's code, so only `validate --strict` does it, never the scan.
import { stat } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isSkillDefinition, type SkillDefinition, type ToolMap } from '../define.js';
import type { Problem, ProblemCode } from '../errors.js';
import type { Manifest } from '../manifest/schema.js';
import { createTestContext } from '../testing/context.js';
import { displayPath, showValue, type JsonPath } from './json-source.js';
import type { SkillFolder } from './read-folder.js';

export async function implementedToolProblems(
  folder: SkillFolder & { manifest: Manifest; entry: string },
  manifestLine: (path: JsonPath) => number | undefined = () => undefined,
): Promise<Problem[]> {
  const { manifest, entry, dir } = folder;
  const manifestFile = join(dir, 'manifest.json');
  const shown = relative(dir, entry) || entry;
  const problems: Problem[] = [];
  const add: AddProblem = (code, message, file, path) => {
    const line = path && file === manifestFile ? manifestLine(path) : undefined;
    problems.push({
      code,
      severity: 'error',
      message,
      file,
      ...(line !== undefined && { line }),
      ...(path && { field: displayPath(path) }),
    });
  };

  if (!(await isFile(entry))) {
    add(
      'ENTRY_MISSING',
      `${shown} does not exist; build the skill first (e.g. npm run build), then validate again.`,
      entry,
    );
    return problems;
  }
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(entry).href)) as { default?: unknown };
  } catch (e) {
    add('ENTRY_IMPORT_FAILED', `${shown} failed to load: ${oneLine(e)}`, entry);
    return problems;
  }
  if (!isSkillDefinition(mod.default)) {
    add(
      'ENTRY_NOT_A_SKILL',
      `${shown} must \`export default defineSkill({ createTools(ctx) { ... } })\`; its default export has no createTools function.`,
      entry,
    );
    return problems;
  }
  const definition = mod.default as SkillDefinition;
  let tools: ToolMap;
  try {
    const ctx = createTestContext({
      name: manifest.name,
      version: manifest.version ?? folder.packageJson?.version ?? '0.0.0',
      dir,
      config: configDefaults(manifest.config),
    });
    tools = await definition.createTools(ctx);
  } catch (e) {
    add(
      'TOOLS_CREATE_FAILED',
      `${shown}: createTools threw with default config and no tokens: ${oneLine(e)}`,
      entry,
    );
    return problems;
  }
  try {
    if (typeof tools !== 'object' || tools === null) {
      add(
        'TOOLS_NOT_A_MAP',
        `${shown}: createTools must return an object keyed by tool name (e.g. { "${manifest.name}.list": async (input) => ... }).`,
        entry,
      );
      return problems;
    }
    compareTools(tools, manifest, { shown, manifestFile, entry }, add);
  } finally {
    await Promise.resolve(definition.dispose?.()).catch(() => undefined);
  }
  return problems;
}

type AddProblem = (code: ProblemCode, message: string, file: string, path?: JsonPath) => void;

/** Where the problems point: the entry as shown, the manifest file and the entry file. */
interface ToolFiles {
  shown: string;
  manifestFile: string;
  entry: string;
}

/** Declared and implemented tools, and their input schemas, must agree. */
function compareTools(tools: object, manifest: Manifest, at: ToolFiles, add: AddProblem): void {
  const { shown, manifestFile, entry } = at;
  const declared = manifest.tools ?? [];
  const declaredNames = new Set(declared.map((t) => t.name));
  declared.forEach((tool, i) => {
    const handler = (tools as Record<string, unknown>)[tool.name];
    if (typeof handler !== 'function') {
      add(
        'TOOL_NOT_IMPLEMENTED',
        `manifest.json: tools[${i}] "${tool.name}" is declared but createTools in ${shown} returns no function for it; implement it or remove it from the manifest.`,
        manifestFile,
        ['tools', i, 'name'],
      );
      return;
    }
    const attached = (handler as { inputSchema?: unknown }).inputSchema;
    // Annotations (descriptions, titles, examples) are for the model and often only written
    // in the manifest; what must agree is what validates the input and types it.
    const diff =
      attached === undefined
        ? undefined
        : firstDifference(stripAnnotations(tool.inputSchema), stripAnnotations(attached));
    if (diff) {
      add(
        'TOOL_SCHEMA_MISMATCH',
        `manifest.json: tools[${i}].inputSchema of "${tool.name}" differs from the schema given to defineTool in ${shown} at ${diff}; make them the same.`,
        manifestFile,
        ['tools', i, 'inputSchema'],
      );
    }
  });
  for (const name of Object.keys(tools)) {
    if (!declaredNames.has(name)) {
      add(
        'TOOL_NOT_DECLARED',
        `${shown}: createTools returns "${name}", which manifest.json does not declare; add it to "tools" or remove it.`,
        entry,
      );
    }
  }
}

/** Top-level `default`s of the manifest's config schema: what a user gets without settings. */
export function configDefaults(schema: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema as { properties?: Record<string, { default?: unknown }> } | undefined)
    ?.properties;
  if (typeof props !== 'object' || props === null) return out;
  for (const [key, prop] of Object.entries(props)) {
    if (typeof prop === 'object' && prop !== null && 'default' in prop)
      out[key] = structuredClone(prop.default);
  }
  return out;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/**
 * Where two JSON values first differ, as `path (manifest: x, code: y)`, or undefined when
 * they are deep-equal. Says which key to fix instead of only "they differ".
 */
export function firstDifference(manifest: unknown, code: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(manifest, code)) return undefined;
  const here = path || 'the top level';
  const bothObjects =
    typeof manifest === 'object' &&
    manifest !== null &&
    typeof code === 'object' &&
    code !== null &&
    Array.isArray(manifest) === Array.isArray(code);
  if (!bothObjects)
    return `${here} (manifest: ${showValue(manifest, 40)}, code: ${showValue(code, 40)})`;
  const a = manifest as Record<string, unknown>;
  const b = code as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const sub = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (!Object.hasOwn(a, key)) return `${sub} (only in the code)`;
    if (!Object.hasOwn(b, key)) return `${sub} (only in the manifest)`;
    const d = firstDifference(a[key], b[key], sub);
    if (d) return d;
  }
  return here;
}

const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);
const SUBSCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];

/** A JSON Schema without annotation keywords, walking only subschema positions. */
export function stripAnnotations(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SUBSCHEMA_MAPS.includes(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, stripAnnotations(v)]),
      );
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      out[key] = value.map(stripAnnotations);
    } else if (SUBSCHEMAS.includes(key)) {
      out[key] = Array.isArray(value) ? value.map(stripAnnotations) : stripAnnotations(value);
    } else out[key] = value;
  }
  return out;
}
