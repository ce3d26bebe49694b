// The provider tool formats and the shapes this package emits for them.
import { SkillError } from '@openclaw/skill-sdk';

export const TOOL_FORMATS = ['anthropic', 'openai', 'openai-responses', 'gemini', 'mcp'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

export type JsonSchema = Record<string, unknown>;
export type { ObjectSchema } from '../catalog/types.js';
import type { ObjectSchema } from '../catalog/types.js';

/** Anthropic Messages `tools[]` entry. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
  /** Left out of the model's context until Anthropic's tool search finds it (over the budget). */
  defer_loading?: true;
}

/** Anthropic's own BM25 tool search: sent beside tools marked `defer_loading`. */
export interface AnthropicToolSearchTool {
  type: 'tool_search_tool_bm25_20251119';
  name: 'tool_search_tool_bm25';
}

export const ANTHROPIC_TOOL_SEARCH: Readonly<AnthropicToolSearchTool> = Object.freeze({
  type: 'tool_search_tool_bm25_20251119',
  name: 'tool_search_tool_bm25',
});

/** OpenAI Chat Completions `tools[]` entry. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean };
}

/** OpenAI Responses `tools[]` entry (strict defaults to true there, so it is always set). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
}

/** Gemini FunctionDeclaration: goes in `tools: [{ functionDeclarations: [...] }]`. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Omitted for a tool without parameters (Gemini rejects an OBJECT with no properties). */
  parameters?: JsonSchema;
}

/** MCP `tools/list` entry. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  annotations?: Record<string, unknown>;
}

export interface ToolDefinitionOf {
  anthropic: AnthropicTool;
  openai: OpenAIChatTool;
  'openai-responses': OpenAIResponsesTool;
  gemini: GeminiFunctionDeclaration;
  mcp: McpTool;
}

/**
 * What a budgeted list holds in each format: the tool definitions, plus in the Anthropic
 * format the tool search entry that finds the deferred ones.
 */
export type ListedDefinitionOf = {
  [F in ToolFormat]: F extends 'anthropic'
    ? AnthropicTool | AnthropicToolSearchTool
    : ToolDefinitionOf[F];
};

/** Whether a listed Anthropic entry is a tool of the host (not the tool search entry). */
export const isAnthropicTool = (d: AnthropicTool | AnthropicToolSearchTool): d is AnthropicTool =>
  !('type' in d);

export function assertToolFormat(format: string): asserts format is ToolFormat {
  if (!(TOOL_FORMATS as readonly string[]).includes(format)) {
    throw new SkillError(
      'USAGE',
      `Unknown tool format "${format}": use ${TOOL_FORMATS.join(', ')}.`,
    );
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
