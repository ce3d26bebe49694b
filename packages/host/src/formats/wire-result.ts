// A CallResult in each provider's wire form. Errors become text the model can act on
// (`Error CODE: message` and a `Hint:` line), flagged where the provider has a flag.
import type { CallResult } from '../router/types.js';
import { geminiName, wireName } from './names.js';
import { isRecord, type ToolFormat } from './types.js';

export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: true;
}
export interface OpenAIToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}
export interface OpenAIFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: unknown } | { error: string };
  };
}
export interface McpCallToolResult {
  content: ({ type: 'text'; text: string } | import('../mcp-client/content.js').ContentBlock)[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
  /** The call's metadata under the host's own prefix, as MCP asks of `_meta` keys. */
  _meta?: { [META_KEY]: ResultMeta };
}

/** The `_meta` key of MCP results: a reverse-DNS prefix, as the MCP spec asks. */
export const META_KEY = 'io.openclaw/call';

/** What an MCP result's `_meta["io.openclaw/call"]` holds. */
export interface ResultMeta {
  durationMs: number;
  runner?: CallResult['runner'];
  approved?: CallResult['approved'];
  approvedBy?: string;
  truncated: boolean;
  /** Set when the text is wrapped as untrusted data; structuredContent is untrusted too. */
  untrusted?: { nonce: string; reason: string };
}

/** The metadata of a result the router made (one built by hand has none). */
export function resultMeta(result: CallResult): ResultMeta | undefined {
  if (result.durationMs === undefined) return undefined;
  return {
    durationMs: result.durationMs,
    ...(result.runner !== undefined && { runner: result.runner }),
    ...(result.approved !== undefined && { approved: result.approved }),
    ...(result.approvedBy !== undefined && { approvedBy: result.approvedBy }),
    truncated: !result.isError && result.truncated !== undefined,
    ...(!result.isError && result.untrusted && { untrusted: { ...result.untrusted } }),
  };
}

export interface WireResultOf {
  anthropic: AnthropicToolResult;
  openai: OpenAIToolMessage;
  'openai-responses': OpenAIFunctionCallOutput;
  gemini: GeminiFunctionResponsePart;
  mcp: McpCallToolResult;
}

export interface WireResultOptions {
  /** Gemini: the function name the model called (default: the tool's Gemini wire name). */
  name?: string;
  /** Gemini: echo the call id (models that send ids on function calls want it back). */
  withId?: boolean;
}

/** The text the model reads for a result: its output, or the error with its hint. */
export function resultText(result: CallResult): string {
  if (!result.isError) return result.text;
  return `Error ${result.code}: ${result.message}${result.hint ? `\nHint: ${result.hint}` : ''}`;
}

export function toWireResult<F extends ToolFormat>(
  result: CallResult,
  format: F,
  opts?: WireResultOptions,
): WireResultOf[F];
export function toWireResult(
  result: CallResult,
  format: ToolFormat,
  opts: WireResultOptions = {},
): WireResultOf[ToolFormat] {
  const text = resultText(result);
  switch (format) {
    case 'anthropic':
      return {
        type: 'tool_result',
        tool_use_id: result.id,
        content: text,
        ...(result.isError && { is_error: true as const }),
      };
    case 'openai':
      return { role: 'tool', tool_call_id: result.id, content: text };
    case 'openai-responses':
      return { type: 'function_call_output', call_id: result.id, output: text };
    case 'gemini': {
      const name =
        opts.name ?? (result.name.includes('.') ? geminiName(wireName(result.name)) : result.name);
      // Untrusted data goes as its wrapped text: a bare value would lose the markers.
      const value = result.isError || result.untrusted ? undefined : fullValue(result);
      const response = result.isError ? { error: text } : { output: value ?? text };
      return { functionResponse: { ...(opts.withId && { id: result.id }), name, response } };
    }
    case 'mcp': {
      const structured = fullValue(result);
      // An MCP server's own blocks go back as they came (unless cut to the limit).
      const blocks =
        !result.isError && result.content && !result.truncated ? result.content : undefined;
      const meta = resultMeta(result);
      return {
        content: blocks ?? [{ type: 'text', text }],
        ...(isRecord(structured) && { structuredContent: structured }),
        ...(result.isError && { isError: true as const }),
        ...(meta && { _meta: { [META_KEY]: meta } }),
      };
    }
  }
}

/** The tool's JSON value when the model gets all of it (a cut result is text only). */
function fullValue(result: CallResult): unknown {
  return !result.isError && !result.truncated ? result.structured : undefined;
}
