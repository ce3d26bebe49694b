// The tool router: createRouter(deps) is what createSkillHost wires in.
//
// Pipeline: lookup > policy > rate limits and loop detector > input validation > approval >
// auth > run > output validation > shape > audit (+ an OpenTelemetry span). Decisions:
// - Policy layers: defaults < config.policy < config.policy.agents[agentId] < ctx.policy,
//   plus SUBAGENT_DENY (group:destructive; skills.* stays allowed) for ctx.isSubagent.
// - perSession limits key on ctx.sessionId (calls without one share a bucket); perTool
//   limits are per tool across sessions (they protect the API behind the tool); the loop
//   detector only runs for calls with a sessionId.
// - Approval: a skill's own `approval: "auto"` does not exempt a destructive tool; only
//   config.approvals.auto does, and config.approvals.require beats auto.
// - Result limit: the manifest's maxResultChars, else config.limits.maxResultChars, else
//   the scan's default; a truncated result carries no structured value.
// - Output validation applies to JSON results; a string result is text and is not checked.
// - The first activation of a skill is bounded by max(timeoutMs, 30 s); the tool's own
//   timeout starts when it is invoked.
export { createRouter, DEFAULT_CONCURRENCY, ACTIVATION_TIMEOUT_MS } from './router.js';
export type * from './types.js';
export { DEFAULT_APPROVAL_TIMEOUT_MS } from './approval.js';
export { DEFAULT_LOOP } from './limits.js';
export { truncationNote } from './shape.js';
export { suggestNames } from './lookup.js';
