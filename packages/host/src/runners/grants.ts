// What a worker or sandbox runner lets a skill reach: what its manifest declares, narrowed or
// extended only by what the user wrote in the host config.
import { isReservedEnvName } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import { needsCallScope } from './call-scope.js';
import type { ActivateMessage } from './runtime/protocol.js';

export interface Grants {
  /** Hosts the user allowed beyond the manifest (e.g. the hosts of URLs set in the skill's config). */
  network?: readonly string[];
  /** Capabilities the user granted; each also needs the manifest to declare it. */
  childProcess?: boolean;
  workerThreads?: boolean;
  addons?: boolean;
}

/**
 * Hosts of the URLs the user set in the skill's config: pointing a skill at a server is
 * granting it that server (the weather skill at a local mirror, say).
 */
export function configuredHosts(config: Record<string, unknown> | undefined): string[] {
  const hosts = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 8) return;
    if (typeof v === 'string' && /^(https?|wss?):\/\//i.test(v)) {
      try {
        const u = new URL(v);
        hosts.add(u.port ? `${u.hostname}:${u.port}` : u.hostname);
      } catch {
        // Not a URL after all.
      }
    } else if (typeof v === 'object' && v !== null) {
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(config, 0);
  return [...hosts];
}

/**
 * The network allow list for the runner: undefined (not restricted) only when the manifest
 * has no `permissions.network` and the runner is not a sandbox.
 */
export function networkAllowList(
  skill: SkillRecord,
  grants: Grants,
  sandboxed: boolean,
): readonly string[] | undefined {
  const declared = skill.manifest?.permissions?.network;
  if (!declared && !sandboxed) return undefined;
  return [...(declared ?? []), ...(grants.network ?? [])];
}

/**
 * Environment for the runner: only the names the manifest declares, from the host's env, and
 * never a name the host keeps for itself (a manifest declaring one is not ready, but this holds
 * even for a record that got past the scan).
 */
export function runnerEnv(skill: SkillRecord, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of skill.manifest?.permissions?.env ?? []) {
    if (isReservedEnvName(name)) continue;
    const v = env[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

export function activateMessage(
  skill: SkillRecord,
  entry: string,
  network: readonly string[] | undefined,
): ActivateMessage {
  return {
    t: 'activate',
    skill: { name: skill.name, version: skill.version, dir: skill.dir },
    entry,
    config: skill.config,
    scoped: needsCallScope(skill),
    ...(network && { network: [...network] }),
  };
}
