// The compiled policy of one host config: layers defaults < config.policy < agent <
// session (ctx.policy), the subagent deny list, and ownerOnly. Decisions without a session
// policy are cached per (agent, subagent?, tool name), so the hot path is two Map lookups.
import type { PolicyConfig, PolicyLayer } from '../config/schema.js';
import { decide, type PolicyDecision } from './decide.js';
import { compileLayer, denyLayer, type CompiledLayer } from './layers.js';
import type { PolicyTool } from './match.js';

/**
 * Always denied to subagents (ctx.isSubagent), before config.policy.subagentDeny.
 * Destructive tools need a person in the loop, so a delegated agent never runs them.
 * The host's own `skills.*` tools stay allowed: they only search and read skill docs.
 */
export const SUBAGENT_DENY: readonly string[] = Object.freeze(['group:destructive']);

/** The lowest layer: allows everything; config and callers narrow it. */
export const DEFAULT_POLICY: Readonly<PolicyLayer> = Object.freeze({});

export interface PolicySubject {
  agentId?: string | undefined;
  isOwner?: boolean | undefined;
  isSubagent?: boolean | undefined;
  /** The session layer (ctx.policy); decisions with one are not cached. */
  policy?: PolicyLayer | undefined;
}

export interface CompiledPolicy {
  decide(tool: PolicyTool & { ownerOnly?: boolean }, who: PolicySubject): PolicyDecision;
  /** The layers that apply to an agent (without the session layer), strongest last. */
  layersFor(agentId: string | undefined, isSubagent: boolean): readonly CompiledLayer[];
}

const OWNER_ONLY: PolicyDecision = Object.freeze({
  allowed: false,
  layer: 'manifest',
  rule: 'ownerOnly: only the owner may call this tool',
});

const agentLabel = (id: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(id)
    ? `config.policy.agents.${id}`
    : `config.policy.agents[${JSON.stringify(id)}]`;

/** Distinct agent ids whose decisions are cached before the cache starts over. */
const MAX_CACHED_AGENTS = 10_000;

export function compilePolicy(config: PolicyConfig | undefined): CompiledPolicy {
  const profiles = config?.profiles;
  const defaults = compileLayer('defaults', DEFAULT_POLICY, profiles);
  const host = compileLayer(
    'config.policy',
    config && { allow: config.allow, deny: config.deny, profile: config.profile },
    profiles,
  );
  const base = [defaults, host].filter(isEffective);
  const subagent = denyLayer('subagent deny list', [
    { source: 'the subagent deny list', entries: SUBAGENT_DENY },
    { source: 'config.policy.subagentDeny', entries: config?.subagentDeny ?? [] },
  ]);
  const layerCache = [
    new Map<string, readonly CompiledLayer[]>(),
    new Map<string, readonly CompiledLayer[]>(),
  ];
  const decisionCache = [
    new Map<string, Map<string, PolicyDecision>>(),
    new Map<string, Map<string, PolicyDecision>>(),
  ];
  const sessionLayers = new WeakMap<object, CompiledLayer>();

  const layersFor = (
    agentId: string | undefined,
    isSubagent: boolean,
  ): readonly CompiledLayer[] => {
    const cache = layerCache[isSubagent ? 1 : 0]!;
    const key = agentId ?? '';
    let layers = cache.get(key);
    if (!layers) {
      const agent =
        agentId !== undefined && config?.agents && Object.hasOwn(config.agents, agentId)
          ? compileLayer(agentLabel(agentId), config.agents[agentId], profiles)
          : undefined;
      layers = [
        ...base,
        ...(agent && isEffective(agent) ? [agent] : []),
        ...(isSubagent ? [subagent] : []),
      ];
      cache.set(key, layers);
    }
    return layers;
  };

  return {
    layersFor,
    decide(tool, who) {
      if (tool.ownerOnly && !who.isOwner) return OWNER_ONLY;
      const isSubagent = who.isSubagent === true;
      if (who.policy) {
        let session = sessionLayers.get(who.policy);
        if (!session)
          sessionLayers.set(
            who.policy,
            (session = compileLayer('ctx.policy', who.policy, profiles)),
          );
        return decide(tool, [...layersFor(who.agentId, isSubagent), session]);
      }
      const byAgent = decisionCache[isSubagent ? 1 : 0]!;
      const key = who.agentId ?? '';
      let byTool = byAgent.get(key);
      if (!byTool) {
        if (byAgent.size >= MAX_CACHED_AGENTS) byAgent.clear();
        byAgent.set(key, (byTool = new Map()));
      }
      let d = byTool.get(tool.name);
      if (!d) byTool.set(tool.name, (d = decide(tool, layersFor(who.agentId, isSubagent))));
      return d;
    },
  };
}

const isEffective = (l: CompiledLayer) =>
  l.deny.length > 0 || l.allow !== undefined || l.broken !== undefined;
