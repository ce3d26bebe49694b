// Tool names as an MCP client of serve sees them. MCP allows dots, but most clients pass the
// name unchanged into OpenAI or Anthropic request bodies, which accept only
// ^[a-zA-Z0-9_-]{1,64}$; so serve lists wire names (`notes_read`) by default, through the same
// reversible mapping the provider formats use, and keeps the canonical name in `title` (when
// the tool has none) and `_meta`. `serve.toolNames: "canonical"` lists dotted names instead.
import type { CatalogSnapshot } from '../catalog/types.js';
import { nameMapFor, TOOLS_SEARCH } from '../formats/names.js';
import type { McpTool } from '../formats/types.js';
import { HOST_READ_TOOL } from '../prompt/read-tool.js';
import type { CallResult } from '../router/types.js';

export type ServeToolNames = 'wire' | 'canonical';

/** The `_meta` key of a listed tool that carries its canonical name. */
export const CANONICAL_META_KEY = 'io.openclaw/canonicalName';

/** A listed MCP tool with the canonical name kept beside the wire name. */
export type ServedTool = McpTool & { _meta?: Record<string, unknown> };

export interface ClientNames {
  readonly mode: ServeToolNames;
  /** The canonical name of a name a client called (wire or canonical); itself when unknown. */
  canonical(name: string): string;
  /** The name the client sees for a canonical tool name. */
  show(canonical: string): string;
  /** The listed tools, renamed for the client. */
  tools(tools: readonly McpTool[]): ServedTool[];
  /**
   * A result naming tools as the client sees them: an error's message and hint (the called
   * tool), and the tools a tools.search found.
   */
  result(result: CallResult): CallResult;
  /** The host's read tool as the client sees it. */
  readonly readTool: string;
}

/** The naming for one snapshot; pure over the snapshot's name map. */
export function clientNames(snapshot: CatalogSnapshot, mode: ServeToolNames): ClientNames {
  const map = nameMapFor(snapshot);
  const show = (canonical: string) => (mode === 'canonical' ? canonical : map.toWire(canonical));
  return {
    mode,
    show,
    canonical: (name) => map.toCanonical(name) ?? name,
    readTool: show(HOST_READ_TOOL),
    tools: (tools) =>
      tools.map((t) => {
        const name = show(t.name);
        if (name === t.name) return t;
        return {
          ...t,
          name,
          title: t.title ?? t.name,
          _meta: { [CANONICAL_META_KEY]: t.name },
        };
      }),
    result: (result) => {
      if (mode === 'canonical') return result;
      // The result carries the name as the client asked for it, canonical or wire.
      const canonical = map.toCanonical(result.name) ?? result.name;
      if (!result.isError) return canonical === TOOLS_SEARCH ? foundNames(result, show) : result;
      const name = show(canonical);
      if (name === canonical) return result;
      return {
        ...result,
        message: renameIn(result.message, canonical, name),
        ...(result.hint !== undefined && { hint: renameIn(result.hint, canonical, name) }),
      };
    },
  };
}

/** Replaces whole-name occurrences (not inside a longer dotted or worded name). */
function renameIn(text: string, from: string, to: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\w.-])${escaped}(?![\\w-]|\\.\\w)`, 'g'), to);
}

/** tools.search names what it found canonically for MCP; a wire-name client calls by wire name. */
function foundNames(result: CallResult, show: (canonical: string) => string): CallResult {
  if (result.isError) return result;
  const value = result.structured as { tools?: { name: string }[] } | undefined;
  if (!Array.isArray(value?.tools)) return result;
  let text = result.text;
  const tools = value.tools.map((t) => {
    const name = show(t.name);
    // The text is the value as JSON: swap the quoted name (exactly, never a part of one).
    text = text.split(JSON.stringify(t.name)).join(JSON.stringify(name));
    return { ...t, name };
  });
  return { ...result, structured: { ...value, tools }, text };
}
