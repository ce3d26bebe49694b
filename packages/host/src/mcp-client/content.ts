// MCP tool results to host results and back. A host result is text for the model plus,
// optionally, the structured value and the original content blocks (images, audio,
// resources), so the `mcp` wire format can hand them on unchanged while providers that
// take only text read a line per block.
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '@openclaw/skill-sdk';

export type { ContentBlock };

/** What an MCP tool call returns to the router (the shape stage knows this class). */
export class ContentResult {
  constructor(
    readonly text: string,
    readonly content: readonly ContentBlock[],
    readonly structured?: Record<string, unknown>,
  ) {}
}

/** A line the model can read for a block that is not text. */
export function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link':
      return `[resource ${block.uri}${block.mimeType ? ` (${block.mimeType})` : ''}${block.description ? `: ${block.description}` : ''}]`;
    case 'resource': {
      const r = block.resource;
      if ('text' in r && typeof r.text === 'string') return `[resource ${r.uri}]\n${r.text}`;
      const blob = 'blob' in r && typeof r.blob === 'string' ? r.blob : '';
      return `[resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, ${base64Bytes(blob)} bytes]`;
    }
    default:
      return `[${String((block as { type?: unknown }).type)} content]`;
  }
}

const base64Bytes = (b64: string): number =>
  Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/**
 * An MCP CallToolResult as the host's result: `isError` becomes a SKILL_ERROR (thrown, so
 * the router reports it like a failing skill tool) carrying the server's text.
 */
export function fromMcpResult(server: string, tool: string, result: CallToolResult): unknown {
  const content = (result.content ?? []) as ContentBlock[];
  const text = content.map(blockText).join('\n');
  if (result.isError) {
    throw new SkillError(
      'SKILL_ERROR',
      `MCP server "${server}" tool "${tool}": ${text || 'failed'}`,
      {
        hint: 'Check the arguments, or try another approach; repeating the same call will likely fail again.',
      },
    );
  }
  const structured = result.structuredContent;
  const onlyText = content.every((b) => b.type === 'text');
  // A plain text answer is just text, so it shapes exactly like a skill's string result.
  if (onlyText && structured === undefined) return text;
  return new ContentResult(
    text === '' && structured !== undefined ? JSON.stringify(structured) : text,
    content,
    structured,
  );
}
