// Stage 1: find the tool by canonical (`gmail.list`) or wire (`gmail_list`) name. Unknown
// names get the closest names as suggestions; tools of skills that are not ready say why.
import { distance } from 'fastest-levenshtein';
import type { CatalogSnapshot, SkillRecord, ToolRecord } from '../catalog/types.js';
import { nameMapFor, wireName } from '../formats/names.js';
import type { Refusal } from './failure.js';

export type LookupResult = { tool: ToolRecord; skill: SkillRecord } | Refusal;

export const isRefusal = (r: object): r is Refusal => 'code' in r;

/** Resolves a requested name against a snapshot (the router caches hits per snapshot). */
export function lookupTool(snapshot: CatalogSnapshot, requested: string): LookupResult {
  const canonical = nameMapFor(snapshot).toCanonical(requested);
  const tool = canonical === undefined ? undefined : snapshot.tools.get(canonical);
  if (tool) {
    const skill = snapshot.byName.get(tool.skill);
    if (skill) return { tool, skill };
  }
  const skill = snapshot.byName.get(skillPart(requested));
  if (skill && skill.status !== 'ready') return unavailable(skill, requested);
  return notFound(snapshot, requested);
}

/** The skill part of a canonical or wire name (skill names never hold "." or "_"). */
function skillPart(name: string): string {
  // mcp__<server>__<tool>: the record is mcp__<server>.
  if (name.startsWith('mcp__')) {
    const end = name.indexOf('__', 5);
    return end < 0 ? name : name.slice(0, end);
  }
  const dot = name.indexOf('.');
  const cut = dot >= 0 ? dot : name.indexOf('_');
  return cut >= 0 ? name.slice(0, cut) : name;
}

function unavailable(skill: SkillRecord, requested: string): Refusal {
  const first = skill.problems.find((p) => p.severity === 'error') ?? skill.problems[0];
  const why = first ? `: ${first.message}` : '';
  return {
    code: 'SKILL_UNAVAILABLE',
    message: `Tool "${requested}" belongs to skill "${skill.name}", which is ${skill.status}${why}`,
    hint: `Do not retry this tool now; the user can run \`openclaw-skill list\` or \`openclaw-skill doctor\` to see and fix why "${skill.name}" is ${skill.status}.`,
    details: {
      skill: skill.name,
      status: skill.status,
      problems: skill.problems.map((p) => p.message),
    },
  };
}

function notFound(snapshot: CatalogSnapshot, requested: string): Refusal {
  const suggestions = suggestNames(snapshot, requested);
  return {
    code: 'TOOL_NOT_FOUND',
    message: `No tool named "${clip(requested)}".`,
    hint: suggestions.length
      ? `Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}? Call one of the tools listed in your tool definitions.`
      : snapshot.tools.size
        ? 'No tool of that name or a similar one exists; call only tools listed in your tool definitions, or answer without tools.'
        : 'No tools are available; answer without tools.',
    details: { suggestions },
  };
}

/**
 * The closest existing tool names (top `n` by edit distance, and only those a few edits
 * away: a tool that was removed must not be answered with an unrelated one), each in the form
 * (canonical or wire) closest to what was asked, so a model that speaks wire names is offered
 * wire names.
 */
export function suggestNames(snapshot: CatalogSnapshot, requested: string, n = 3): string[] {
  const query = requested.slice(0, 200);
  const limit = Math.max(2, Math.floor(query.length / 4));
  const scored: { name: string; d: number }[] = [];
  for (const canonical of snapshot.tools.keys()) {
    const wire = wireName(canonical);
    const dc = distance(query, canonical);
    const dw = wire === canonical ? dc : distance(query, wire);
    const best = dw < dc ? { name: wire, d: dw } : { name: canonical, d: dc };
    if (best.d <= limit) scored.push(best);
  }
  scored.sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : 1));
  return scored.slice(0, n).map((s) => s.name);
}

const clip = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}...` : s);
