// The policy decision for one tool over ordered layers. Deny wins at every layer: every
// layer's deny rules are checked before any allow list. Then, each layer that has an allow
// list (or a profile) must allow the tool.
import type { CompiledLayer } from './layers.js';
import { firstMatch, type PolicyTool } from './match.js';

export type PolicyDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** The layer that decided, e.g. `config.policy`. */
      layer: string;
      /** What decided, e.g. `denied by config.policy.deny "gmail.*"`. */
      rule: string;
    };

export const ALLOWED: PolicyDecision = Object.freeze({ allowed: true });

export function decide(tool: PolicyTool, layers: readonly CompiledLayer[]): PolicyDecision {
  for (const layer of layers) {
    if (layer.broken)
      return { allowed: false, layer: layer.label, rule: `denied because of ${layer.broken}` };
    const r = firstMatch(layer.deny, tool);
    if (r)
      return {
        allowed: false,
        layer: layer.label,
        rule: `denied by ${r.source} ${JSON.stringify(r.entry)}`,
      };
  }
  for (const layer of layers) {
    if (layer.allow && !firstMatch(layer.allow, tool)) {
      return {
        allowed: false,
        layer: layer.label,
        rule: `not allowed by ${layer.label} (allows ${layer.allowSummary || 'nothing'})`,
      };
    }
  }
  return ALLOWED;
}
