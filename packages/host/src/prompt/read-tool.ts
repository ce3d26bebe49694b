// The name the preamble gives the host's read tool: what the model sees in its tool
// definitions for the caller's format (MCP keeps the canonical dotted name; the providers
// that reject dots get the wire name, Gemini with its own first-character rule).
import { geminiName, wireName } from '../formats/names.js';
import type { ToolFormat } from '../formats/types.js';

export const HOST_READ_TOOL = 'skills.read';

export function hostReadToolName(format: ToolFormat = 'anthropic'): string {
  if (format === 'mcp') return HOST_READ_TOOL;
  const wire = wireName(HOST_READ_TOOL);
  return format === 'gemini' ? geminiName(wire) : wire;
}
