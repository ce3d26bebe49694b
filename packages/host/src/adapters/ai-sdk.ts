/**
 * The Vercel AI SDK adapter: the host's tools as a ToolSet for generateText and streamText.
 * @module @openclaw/skill-host/ai-sdk
 */
// The Vercel AI SDK adapter (`@openclaw/skill-host/ai-sdk`; `ai` is an optional peer
// dependency): the host's tools as a ToolSet for generateText/streamText. Every call goes
// through host.call, so policy, validation, approval and audit apply as for any provider.
import { jsonSchema, tool, type JSONSchema7, type Tool } from 'ai';
import { wireName } from '../formats/names.js';
import { resultText } from '../formats/wire-result.js';
import type { CallContext, CallResult, ToolCall } from '../router/types.js';

/** What the adapter needs of a host (structural, so this file does not import host.ts). */
export interface AiSdkHost {
  tools: { definitions(format: 'mcp', opts?: { ctx?: CallContext }): readonly unknown[] };
  call(call: ToolCall, ctx?: CallContext): Promise<CallResult>;
}

interface McpDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/**
 * The host's current tools keyed by wire name (`gmail_list`). Each `execute` resolves to the
 * router's CallResult; the model sees its text, or the error as text it can act on. Build
 * the set again after the catalog changes (the host's `change` event).
 */
export function aiSdkTools(
  host: AiSdkHost,
  ctx: CallContext = {},
): Record<string, Tool<unknown, CallResult>> {
  const tools: Record<string, Tool<unknown, CallResult>> = {};
  // The caller's own list: what its policy allows, within the host's tool budget.
  for (const def of host.tools.definitions('mcp', { ctx }) as readonly McpDefinition[]) {
    const canonical = def.name;
    tools[wireName(canonical)] = tool<unknown, CallResult>({
      description: def.description,
      inputSchema: jsonSchema<unknown>(def.inputSchema as JSONSchema7),
      execute: (input, { toolCallId, abortSignal }) =>
        host.call({ name: canonical, input, id: toolCallId }, withSignal(ctx, abortSignal)),
      toModelOutput: ({ output }) =>
        output.isError
          ? { type: 'error-text', value: resultText(output) }
          : // Untrusted data goes as its wrapped text: a bare value would lose the markers.
            output.structured !== undefined && !output.truncated && !output.untrusted
            ? { type: 'json', value: output.structured as never }
            : { type: 'text', value: output.text },
    });
  }
  return tools;
}

/** The call aborts when either the caller's context or the AI SDK run is aborted. */
function withSignal(ctx: CallContext, signal: AbortSignal | undefined): CallContext {
  if (!signal) return ctx;
  return { ...ctx, signal: ctx.signal ? AbortSignal.any([ctx.signal, signal]) : signal };
}
