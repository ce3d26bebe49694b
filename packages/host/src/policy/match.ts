// Policy entries: globs over canonical tool names (`gmail.*`) and groups (`group:<name>`).
// Built-in groups: group:readonly (annotations.readOnlyHint), group:destructive
// (annotations.destructiveHint), group:skill:<skill>. Any other group:<name> matches the
// manifest's `group` field.
import { loadPicomatch } from '../lazy.js';
import type { ToolRecord } from '../catalog/types.js';

/** The parts of a tool that policy looks at. */
export type PolicyTool = Pick<ToolRecord, 'name' | 'skill' | 'group' | 'annotations'>;

export type ToolTest = (tool: PolicyTool) => boolean;

const GROUP = 'group:';
const SKILL_GROUP = 'group:skill:';

/** Compiles one entry to a predicate (globs compiled once here, not per call). */
export function compileEntry(entry: string): ToolTest {
  if (entry.startsWith(SKILL_GROUP)) {
    const skill = entry.slice(SKILL_GROUP.length);
    return (t) => t.skill === skill;
  }
  if (entry.startsWith(GROUP)) {
    const group = entry.slice(GROUP.length);
    if (group === 'readonly')
      return (t) => t.annotations?.readOnlyHint === true || t.group === group;
    if (group === 'destructive')
      return (t) => t.annotations?.destructiveHint === true || t.group === group;
    return (t) => t.group === group;
  }
  const isMatch = loadPicomatch()(entry, { dot: true, nonegate: true });
  return (t) => isMatch(t.name);
}

export interface Rule {
  /** Where the entry comes from, e.g. `config.policy.deny` or `profile "ops" (config.policy.profile) allow`. */
  source: string;
  entry: string;
  test: ToolTest;
}

export function compileRules(source: string, entries: readonly string[] | undefined): Rule[] {
  return (entries ?? []).map((entry) => ({ source, entry, test: compileEntry(entry) }));
}

/** The first rule that matches the tool. */
export function firstMatch(rules: readonly Rule[], tool: PolicyTool): Rule | undefined {
  for (const r of rules) if (r.test(tool)) return r;
  return undefined;
}
