// Profiles are named allow/deny sets a layer can refer to with `profile`. Built-ins:
// minimal (only the host's skills.* and tools.search), readonly (read-only tools plus those),
// full (everything). Custom profiles from config.policy.profiles may build on another
// profile through their own `profile` field; a custom profile with a built-in's name wins.
import type { PolicyLayer } from '../config/schema.js';

export const BUILTIN_PROFILES: Readonly<Record<string, PolicyLayer>> = Object.freeze({
  minimal: { allow: ['skills.*', 'tools.search'] },
  readonly: { allow: ['group:readonly', 'skills.*', 'tools.search'] },
  full: { allow: ['*'] },
});

export interface ResolvedProfile {
  allow: { entry: string; profile: string }[];
  deny: { entry: string; profile: string }[];
}

/**
 * Flattens a profile and the profiles it builds on. Returns a string naming the problem
 * when the profile is unknown or refers to itself in a cycle (callers fail closed).
 */
export function resolveProfile(
  name: string,
  custom: Readonly<Record<string, PolicyLayer>> | undefined,
): ResolvedProfile | string {
  const out: ResolvedProfile = { allow: [], deny: [] };
  const seen: string[] = [];
  let current: string | undefined = name;
  while (current !== undefined) {
    if (seen.includes(current))
      return `profile "${name}" builds on itself (${[...seen, current].join(' -> ')})`;
    seen.push(current);
    const def: PolicyLayer | undefined =
      (custom && Object.hasOwn(custom, current) ? custom[current] : undefined) ??
      (Object.hasOwn(BUILTIN_PROFILES, current) ? BUILTIN_PROFILES[current] : undefined);
    if (!def) {
      const known = [
        ...new Set([...Object.keys(BUILTIN_PROFILES), ...Object.keys(custom ?? {})]),
      ].join(', ');
      return current === name
        ? `unknown profile "${name}" (known: ${known})`
        : `profile "${name}" builds on unknown profile "${current}" (known: ${known})`;
    }
    for (const entry of def.allow ?? []) out.allow.push({ entry, profile: current });
    for (const entry of def.deny ?? []) out.deny.push({ entry, profile: current });
    current = def.profile;
  }
  return out;
}
