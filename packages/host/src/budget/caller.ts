// What one caller may see: the tools its policy allows (agent, subagent, owner, session
// policy and profile), decided by the router's own compiled policy and decision cache, so
// the list and the calls always agree. Computed once per snapshot, config and caller.
import type { CatalogSnapshot, SkillRecord, ToolRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { TOOLS_SEARCH } from '../formats/names.js';
import type { PolicySubject } from '../policy/policy.js';
import { sortedTools } from '../formats/definitions.js';
import { stateFor, stateKey } from '../router/state.js';

/** The parts of a call context the policy reads. */
export type Caller = PolicySubject;

export interface CallerView {
  /** A key naming the caller's policy (equal keys see the same tools). */
  key: string;
  /** Tools the caller may call, in name order (the host's tools_search not among them). */
  tools: readonly ToolRecord[];
  /** The names of `tools`. */
  names: ReadonlySet<string>;
  /** How many tools of the catalog the policy hides from this caller. */
  hidden: number;
  /** Whether the caller may call the host's tools_search. */
  searchAllowed: boolean;
  /** Whether the prompt block shows this skill to the caller. */
  showsSkill(skill: SkillRecord): boolean;
}

/** Callers remembered per snapshot and config; the oldest is forgotten first. */
const MAX_CALLERS = 1_000;

export function callerKey(c: Caller | undefined): string {
  if (!c) return '0|0||';
  const policy = c.policy ? JSON.stringify(c.policy) : '';
  return `${c.isSubagent ? 1 : 0}|${c.isOwner ? 1 : 0}|${c.agentId ?? ''}|${policy}`;
}

export function callerView(
  snapshot: CatalogSnapshot,
  config: HostConfig,
  caller: Caller | undefined,
): CallerView {
  const configKey = stateKey(config);
  const views = snapshot.memo(`callers:${configKey}`, () => new Map<string, CallerView>());
  const key = callerKey(caller);
  let view = views.get(key);
  if (!view) {
    view = computeView(snapshot, config, caller ?? {}, `${configKey}|${key}`);
    if (views.size >= MAX_CALLERS) views.delete(views.keys().next().value!);
    views.set(key, view);
  }
  return view;
}

function computeView(
  snapshot: CatalogSnapshot,
  config: HostConfig,
  who: Caller,
  key: string,
): CallerView {
  const policy = stateFor(snapshot, config).policy;
  const all = sortedTools(snapshot).filter((t) => t.name !== TOOLS_SEARCH);
  const tools = Object.freeze(all.filter((t) => policy.decide(t, who).allowed));
  const withTools = new Set(tools.map((t) => t.skill));
  const docs = new Map<string, boolean>();
  const search = snapshot.tools.get(TOOLS_SEARCH);
  return {
    key,
    tools,
    names: new Set(tools.map((t) => t.name)),
    hidden: all.length - tools.length,
    searchAllowed: search !== undefined && policy.decide(search, who).allowed,
    showsSkill(skill) {
      if (skill.tools.length > 0) return withTools.has(skill.name);
      // A skill of instructions only is shown when the policy would allow a read-only tool
      // of it: `deny: ["notes.*"]` or an allow list without it hides it too.
      let shown = docs.get(skill.name);
      if (shown === undefined) {
        const probe = {
          name: `${skill.name}.*`,
          skill: skill.name,
          annotations: { readOnlyHint: true },
        };
        docs.set(skill.name, (shown = policy.decide(probe, who).allowed));
      }
      return shown;
    },
  };
}
