// A policy layer compiled once: its deny rules (own and its profile's) and, when it has an
// allow list or a profile, the rules a tool must match to be allowed by this layer.
import type { PolicyLayer } from '../config/schema.js';
import { compileRules, type Rule } from './match.js';
import { resolveProfile } from './profiles.js';

export interface CompiledLayer {
  /** Where the layer comes from: `defaults`, `config.policy`, `config.policy.agents.bot`, `ctx.policy`. */
  label: string;
  deny: Rule[];
  /** Undefined when the layer has neither `allow` nor `profile` (it allows everything). */
  allow?: Rule[];
  /** What the allow rules are, for messages: `"weather.*", profile "readonly"`. */
  allowSummary?: string;
  /** Set when the layer's profile cannot be resolved: the layer then denies everything. */
  broken?: string;
}

export function compileLayer(
  label: string,
  layer: PolicyLayer | undefined,
  profiles: Readonly<Record<string, PolicyLayer>> | undefined,
): CompiledLayer {
  const deny = compileRules(`${label}.deny`, layer?.deny);
  if (!layer) return { label, deny };
  let allow: Rule[] | undefined;
  const summary: string[] = [];
  if (layer.allow) {
    allow = compileRules(`${label}.allow`, layer.allow);
    summary.push(...layer.allow.map((e) => JSON.stringify(e)));
  }
  if (layer.profile !== undefined) {
    const resolved = resolveProfile(layer.profile, profiles);
    if (typeof resolved === 'string')
      return { label, deny, broken: `${resolved} in ${label}.profile` };
    const where = `profile "${layer.profile}" (${label}.profile)`;
    for (const d of resolved.deny) deny.push(...compileRules(`${where} deny`, [d.entry]));
    allow = [...(allow ?? []), ...resolved.allow.flatMap((a) => compileRules(where, [a.entry]))];
    summary.push(`profile "${layer.profile}"`);
  }
  return allow ? { label, deny, allow, allowSummary: summary.join(', ') } : { label, deny };
}

/** A layer that only denies (the subagent deny list). */
export function denyLayer(
  label: string,
  sources: readonly { source: string; entries: readonly string[] }[],
): CompiledLayer {
  return { label, deny: sources.flatMap((s) => compileRules(s.source, s.entries)) };
}
