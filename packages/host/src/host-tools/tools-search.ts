// tools.search (wire name tools_search): finds tools a budgeted list left out, among those
// the session's caller may call, and makes them part of that session's next lists. The
// caller and its format are the ones of the session's last list (the tool runs without the
// call context): a session that never asked for a list searches as the default caller.
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { callerView } from '../budget/caller.js';
import type { SessionTools } from '../budget/sessions.js';
import { toolIndex } from '../budget/tool-index.js';
import { geminiName, nameMapFor } from '../formats/names.js';
import { isRecord, type ToolFormat } from '../formats/types.js';

export const TOOLS_SEARCH_DEFAULT_LIMIT = 5;
export const TOOLS_SEARCH_MAX_LIMIT = 20;

export interface ToolSearchDeps {
  snapshot(): CatalogSnapshot;
  config(): HostConfig;
  sessions: SessionTools;
}

export interface ToolSearchHit {
  /** As the session's format names it (the name to call it by). */
  name: string;
  description: string;
  score: number;
}

export interface ToolSearchResult {
  tools: ToolSearchHit[];
  note: string;
}

export function searchTools(
  deps: ToolSearchDeps,
  input: unknown,
  session: string | undefined,
): ToolSearchResult {
  const { query, limit } = checkInput(input);
  const snapshot = deps.snapshot();
  const key = session ?? '';
  const last = deps.sessions.lastList(key);
  const view = callerView(snapshot, deps.config(), last.caller);
  const hits = toolIndex(snapshot)(query)
    .filter((h) => view.names.has(h.id))
    .slice(0, limit);
  deps.sessions.reveal(
    key,
    hits.map((h) => h.id),
  );
  const names = nameMapFor(snapshot);
  const shown = (name: string) => wireFor(last.format, name, names.toWire(name));
  return {
    tools: hits.map((h) => ({
      name: shown(h.id),
      description: snapshot.tools.get(h.id)?.description ?? '',
      score: Math.round(h.score * 1000) / 1000,
    })),
    note:
      hits.length > 0
        ? 'These tools are in your tool list from your next turn; call them by these names.'
        : 'No tool you may call matches; try other words, or tell the user what is missing.',
  };
}

function wireFor(format: ToolFormat | undefined, canonical: string, wire: string): string {
  if (format === 'mcp') return canonical;
  return format === 'gemini' ? geminiName(wire) : wire;
}

function checkInput(input: unknown): { query: string; limit: number } {
  if (!isRecord(input) || typeof input.query !== 'string') {
    throw new SkillError('INVALID_INPUT', 'tools.search needs { "query": string }.');
  }
  const limit = input.limit ?? TOOLS_SEARCH_DEFAULT_LIMIT;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > TOOLS_SEARCH_MAX_LIMIT
  ) {
    throw new SkillError(
      'INVALID_INPUT',
      `tools.search: "limit" must be a whole number from 1 to ${TOOLS_SEARCH_MAX_LIMIT}.`,
    );
  }
  return { query: input.query, limit };
}
