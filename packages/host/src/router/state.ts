// What the router compiles once per (snapshot, config): the policy, the approval rules,
// validators, and a plan per tool name (canonical and wire names alike), so the hot path
// is a handful of Map lookups.
import type { CatalogSnapshot, SkillRecord, ToolRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { compilePolicy, type CompiledPolicy } from '../policy/index.js';
import { compileApprovals, type ApprovalNeed } from './approval.js';
import type { Refusal } from './failure.js';
import { isRefusal, lookupTool } from './lookup.js';
import { validatorsFor, type Validators } from './validate.js';
import { wrapKey, wrapPlan, type WrapPlan } from './untrusted-policy.js';

export interface ToolPlan {
  tool: ToolRecord;
  skill: SkillRecord;
  /** The result limit: the manifest's maxResultChars, else config.limits.maxResultChars, else the default. */
  maxChars: number;
  approval: ApprovalNeed;
  /** Whether (and why) its results are wrapped as untrusted data. */
  wrap: WrapPlan;
}

export interface RouterState {
  policy: CompiledPolicy;
  validators: Validators;
  /** A plan for a known tool, or the lookup refusal (TOOL_NOT_FOUND, SKILL_UNAVAILABLE). */
  plan(name: string): ToolPlan | Refusal;
}

/** The parts of the config the compiled state depends on, as a memo key. */
export function stateKey(config: HostConfig): string {
  return `router:state:${JSON.stringify([config.policy ?? null, config.approvals ?? null, config.limits?.maxResultChars ?? null, wrapKey(config)])}`;
}

export function stateFor(snapshot: CatalogSnapshot, config: HostConfig): RouterState {
  return snapshot.memo(stateKey(config), () => compileState(snapshot, config));
}

function compileState(snapshot: CatalogSnapshot, config: HostConfig): RouterState {
  const policy = compilePolicy(config.policy);
  const approvalFor = compileApprovals(config.approvals);
  const validators = validatorsFor(snapshot);
  const limit = config.limits?.maxResultChars;
  const plans = new Map<string, ToolPlan>();
  return {
    policy,
    validators,
    plan(name) {
      const hit = plans.get(name);
      if (hit) return hit;
      const found = lookupTool(snapshot, name);
      if (isRefusal(found)) return found; // not cached: unknown names are unbounded
      const { tool, skill } = found;
      const plan: ToolPlan = {
        tool,
        skill,
        maxChars: tool.manifest?.maxResultChars ?? limit ?? tool.maxResultChars,
        approval: approvalFor(tool),
        wrap: wrapPlan(tool, skill, config),
      };
      plans.set(name, plan);
      return plan;
    },
  };
}
