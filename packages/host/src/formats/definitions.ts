// Tool definitions per provider format, computed once per snapshot: the router's tools
// sorted by canonical name, with wire names where the provider rejects dots.
import type { CatalogSnapshot, ObjectSchema, ToolRecord } from '../catalog/types.js';
import { toGeminiParameters } from './gemini-schema.js';
import { geminiName, nameMapFor, TOOLS_SEARCH } from './names.js';
import { toStrictSchema } from './strict-schema.js';
import {
  assertToolFormat,
  isRecord,
  type JsonSchema,
  type McpTool,
  type ToolDefinitionOf,
  type ToolFormat,
} from './types.js';

/**
 * Every tool of the snapshot as `format` wants them (no caller, no budget; the host's
 * tools_search, which only a budgeted list needs, left out). Every call on a snapshot
 * returns the same array, frozen: copy it (`[...defs, myTool]`) to add tools of your own.
 */
export function toolDefinitions<F extends ToolFormat>(
  snapshot: CatalogSnapshot,
  format: F,
): ToolDefinitionOf[F][] {
  assertToolFormat(format);
  return snapshot.memo(`tools:${format}`, () =>
    Object.freeze(
      [...definitionsByName(snapshot, format)].flatMap(([name, d]) =>
        name === TOOLS_SEARCH ? [] : [d],
      ),
    ),
  ) as ToolDefinitionOf[F][];
}

/** Each tool's definition by canonical name, in name order (once per snapshot and format). */
export function definitionsByName<F extends ToolFormat>(
  snapshot: CatalogSnapshot,
  format: F,
): ReadonlyMap<string, ToolDefinitionOf[F]> {
  assertToolFormat(format);
  return snapshot.memo(`tools:byName:${format}`, () => build(snapshot, format)) as ReadonlyMap<
    string,
    ToolDefinitionOf[F]
  >;
}

/** Tools in canonical-name order (once per snapshot). */
export function sortedTools(snapshot: CatalogSnapshot): readonly ToolRecord[] {
  return snapshot.memo('tools:sorted', () =>
    Object.freeze(
      [...snapshot.tools.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    ),
  );
}

/** Each tool's strict-mode input schema, or undefined where it has none (once per snapshot). */
export function strictSchemas(
  snapshot: CatalogSnapshot,
): ReadonlyMap<string, JsonSchema | undefined> {
  return snapshot.memo('tools:strict', () => {
    const map = new Map<string, JsonSchema | undefined>();
    for (const t of sortedTools(snapshot)) map.set(t.name, toStrictSchema(t.inputSchema));
    return map;
  });
}

function build(snapshot: CatalogSnapshot, format: ToolFormat): Map<string, unknown> {
  const names = nameMapFor(snapshot);
  const strict =
    format === 'openai' || format === 'openai-responses' ? strictSchemas(snapshot) : undefined;
  const seen = new Set<string>();
  const out = new Map<string, unknown>();
  for (const tool of sortedTools(snapshot)) {
    const wire = names.toWire(tool.name);
    // Wire-name collisions are load errors the scan reports; emitting both would make the
    // provider reject the whole request, so the first by name stays.
    if (seen.has(wire)) continue;
    seen.add(wire);
    out.set(tool.name, Object.freeze(definition(format, tool, wire, strict?.get(tool.name))));
  }
  return out;
}

function definition(
  format: ToolFormat,
  tool: ToolRecord,
  wire: string,
  strict: JsonSchema | undefined,
): unknown {
  const description = tool.description;
  switch (format) {
    case 'anthropic':
      return { name: wire, description, input_schema: providerSchema(tool.inputSchema) };
    case 'openai':
      return {
        type: 'function',
        function: strict
          ? { name: wire, description, parameters: strict, strict: true }
          : { name: wire, description, parameters: providerSchema(tool.inputSchema) },
      };
    case 'openai-responses':
      return {
        type: 'function',
        name: wire,
        description,
        parameters: strict ?? providerSchema(tool.inputSchema),
        strict: strict !== undefined,
      };
    case 'gemini': {
      const parameters = toGeminiParameters(tool.inputSchema);
      return { name: geminiName(wire), description, ...(parameters && { parameters }) };
    }
    case 'mcp':
      return mcpTool(tool);
  }
}

/** Providers want an object schema and no dialect markers at the top. */
function providerSchema(schema: ObjectSchema): ObjectSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return { ...rest, type: 'object' };
}

function mcpTool(tool: ToolRecord): McpTool {
  const title = tool.title ?? tool.annotations?.title;
  const out: McpTool = {
    name: tool.name,
    ...(title !== undefined && { title }),
    description: tool.description,
    inputSchema: tool.inputSchema,
  };
  // MCP structured content is an object, so only an object output schema is declared.
  if (isRecord(tool.outputSchema) && tool.outputSchema.type === 'object')
    out.outputSchema = tool.outputSchema;
  if (tool.annotations && Object.keys(tool.annotations).length > 0)
    out.annotations = { ...tool.annotations };
  return out;
}
