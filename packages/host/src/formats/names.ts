// Canonical tool names (`gmail.list`) to wire names (`gmail_list`) and back. Anthropic,
// OpenAI and Bedrock accept only ^[a-zA-Z0-9_-]{1,64}$. Skill names from manifests cannot
// hold "_", so for them `<skill>_<tool>` is reversible by splitting at the first "_".
// Names that need sanitising or shortening (lenient SKILL.md names, very long names) can
// collide; collisions are found per snapshot and reported as load errors naming both skills.
import { createHash } from 'node:crypto';
import type { Problem } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, ToolRecord } from '../catalog/types.js';

export const WIRE_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;
/** Tools of MCP servers: `mcp__<server>__<tool>` in every format. */
export const MCP_PREFIX = 'mcp__';
/**
 * The host's tool that finds tools left out of a list for the budget (wire name
 * `tools_search`); offered only in lists that left something out.
 */
export const TOOLS_SEARCH = 'tools.search';

/** The wire name of one canonical name (pure; collisions are the caller's concern). */
export function wireName(canonical: string): string {
  const dot = canonical.indexOf('.');
  // MCP server tools are named mcp__<server>__<tool> already; only sanitising applies.
  const raw =
    dot < 0 || canonical.startsWith(MCP_PREFIX)
      ? canonical
      : `${canonical.slice(0, dot)}_${canonical.slice(dot + 1)}`;
  let name = raw.replace(/[^a-zA-Z0-9_-]/g, '-');
  if (name.length > MAX || name !== raw) {
    // A short hash of the canonical name keeps shortened or sanitised names distinct.
    const hash = createHash('sha256').update(canonical).digest('hex').slice(0, 8);
    name = `${name.slice(0, MAX - 9)}-${hash}`;
  }
  return name;
}

/**
 * Gemini function names must start with a letter or an underscore; a wire name that starts
 * with a digit (skill `1password`) gets a leading underscore there, and maps back too.
 */
export function geminiName(wire: string): string {
  if (/^[A-Za-z_]/.test(wire)) return wire;
  // Keep the tail, where a shortened name carries its hash.
  return wire.length < MAX ? `_${wire}` : `_${wire.slice(0, MAX - 10)}${wire.slice(-9)}`;
}

export interface NameMap {
  toWire(canonical: string): string;
  /** Canonical name for a wire or canonical name; undefined when unknown. */
  toCanonical(name: string): string | undefined;
}

/** Finds tools whose wire names collide; each collision names both skills. */
export function findWireCollisions(
  tools: Iterable<Pick<ToolRecord, 'name' | 'skill'>>,
  file = '',
): Problem[] {
  const seen = new Map<string, { name: string; skill: string }>();
  const problems: Problem[] = [];
  for (const t of tools) {
    const w = wireName(t.name);
    const prev = seen.get(w);
    if (prev && prev.name !== t.name) {
      problems.push({
        code: 'NAME_COLLISION',
        severity: 'error',
        file,
        field: t.name,
        message: `Tool "${t.name}" of skill "${t.skill}" and tool "${prev.name}" of skill "${prev.skill}" both map to the wire name "${w}"; rename one of them.`,
      });
    } else seen.set(w, t);
  }
  return problems;
}

export function nameMapFor(snapshot: CatalogSnapshot): NameMap {
  return snapshot.memo('names', () => {
    const toWire = new Map<string, string>();
    const toCanonical = new Map<string, string>();
    for (const name of snapshot.tools.keys()) {
      const w = wireName(name);
      toWire.set(name, w);
      toCanonical.set(w, name);
      toCanonical.set(name, name);
      const g = geminiName(w);
      if (g !== w) toCanonical.set(g, name);
    }
    return {
      toWire: (c: string) => toWire.get(c) ?? wireName(c),
      toCanonical: (n: string) => toCanonical.get(n),
    };
  });
}
