// A provider's assistant message (or whole response) to ToolCall[]. Never throws on what
// the model wrote: unparsable arguments give input undefined, which the router answers
// with INVALID_INPUT so the model can try again.
import type { CatalogSnapshot } from '../catalog/types.js';
import type { ToolCall } from '../router/types.js';
import { strictSchemas } from './definitions.js';
import { nameMapFor } from './names.js';
import { restoreOptional } from './strict-schema.js';
import { isRecord, type ToolFormat } from './types.js';

export interface FromWireOptions {
  /**
   * The snapshot the definitions came from: names map back to canonical ones, and the nulls
   * OpenAI strict mode sends for omitted optional properties are removed again.
   */
  snapshot?: CatalogSnapshot;
}

export function fromWireCalls(
  format: ToolFormat,
  message: unknown,
  opts: FromWireOptions = {},
): ToolCall[] {
  const calls = extract(format, message);
  const { snapshot } = opts;
  if (!snapshot) return calls;
  const names = nameMapFor(snapshot);
  const strict =
    format === 'openai' || format === 'openai-responses' ? strictSchemas(snapshot) : undefined;
  return calls.map((call) => {
    const canonical = names.toCanonical(call.name);
    if (!canonical) return call;
    const tool = snapshot.tools.get(canonical);
    const input =
      strict?.get(canonical) && tool && call.input !== undefined
        ? restoreOptional(tool.inputSchema, call.input)
        : call.input;
    return { ...call, name: canonical, input };
  });
}

function extract(format: ToolFormat, message: unknown): ToolCall[] {
  switch (format) {
    case 'anthropic':
      return blocks(message).flatMap((b) =>
        isRecord(b) && b.type === 'tool_use' && typeof b.name === 'string'
          ? [call(b.id, b.name, b.input ?? {})]
          : [],
      );
    case 'openai':
      return openaiToolCalls(message).flatMap((c) =>
        isRecord(c) && isRecord(c.function) && typeof c.function.name === 'string'
          ? [call(c.id, c.function.name, parseArguments(c.function.arguments))]
          : [],
      );
    case 'openai-responses':
      return responseItems(message).flatMap((i) =>
        isRecord(i) && i.type === 'function_call' && typeof i.name === 'string'
          ? [call(i.call_id ?? i.id, i.name, parseArguments(i.arguments))]
          : [],
      );
    case 'gemini':
      return geminiParts(message).flatMap((p) =>
        isRecord(p) && isRecord(p.functionCall) && typeof p.functionCall.name === 'string'
          ? [call(p.functionCall.id, p.functionCall.name, p.functionCall.args ?? {})]
          : [],
      );
    case 'mcp': {
      const params = isRecord(message) && isRecord(message.params) ? message.params : message;
      return isRecord(params) && typeof params.name === 'string'
        ? [call(undefined, params.name, params.arguments ?? {})]
        : [];
    }
  }
}

function call(id: unknown, name: string, input: unknown): ToolCall {
  return typeof id === 'string' && id !== '' ? { id, name, input } : { name, input };
}

/** OpenAI sends arguments as JSON text; empty text means no arguments. */
function parseArguments(args: unknown): unknown {
  if (isRecord(args)) return args;
  if (typeof args !== 'string') return undefined;
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return undefined;
  }
}

/** A Message (`content`), or its content array. */
function blocks(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  return isRecord(message) && Array.isArray(message.content) ? message.content : [];
}

/** A ChatCompletion (first choice), an assistant message, or its tool_calls array. */
function openaiToolCalls(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  if (!isRecord(message)) return [];
  if (Array.isArray(message.choices)) {
    const first = message.choices[0];
    return isRecord(first) ? openaiToolCalls(first.message) : [];
  }
  return Array.isArray(message.tool_calls) ? message.tool_calls : [];
}

/** A Response (`output`), its output array, or one item. */
function responseItems(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  if (!isRecord(message)) return [];
  return Array.isArray(message.output) ? message.output : [message];
}

/** A GenerateContentResponse (first candidate), a Content (`parts`), or its parts array. */
function geminiParts(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  if (!isRecord(message)) return [];
  if (Array.isArray(message.candidates)) {
    const first = message.candidates[0];
    return isRecord(first) ? geminiParts(first.content) : [];
  }
  return Array.isArray(message.parts) ? message.parts : [];
}
