// The allow list a runner's network guards share: which host (and port) a skill may reach,
// the POLICY_DENIED error they all raise, and the addresses the system resolver returned for
// allowed names (so that an address a skill's own `lookup` function produced can be checked:
// it must be allowed itself, or be what the system resolves an allowed name to).

/**
 * `api.example.com`, `*.example.com` (any subdomain), optionally with `:port`. A check
 * without a port (a DNS query) matches a rule whatever its port.
 */
export function hostAllowed(allowed: readonly string[], host: string, port?: number): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((rule) => {
    const r = rule.toLowerCase();
    const colon = r.lastIndexOf(':');
    const hasPort = colon > 0 && /^\d+$/.test(r.slice(colon + 1)) && !r.includes(']');
    const name = hasPort ? r.slice(0, colon) : r;
    if (hasPort && port !== undefined && Number(r.slice(colon + 1)) !== port) return false;
    if (name.startsWith('*.')) return h.endsWith(name.slice(1)) && h.length > name.length - 1;
    return h === name;
  });
}

export type PolicyError = Error & { code: 'POLICY_DENIED'; hint: string };

export interface NetworkPolicy {
  readonly skill: string;
  readonly allowed: readonly string[];
  /** A host name or address (and port, for a connection) the manifest allows. */
  allows(host: string, port?: number): boolean;
  /**
   * An address a caller-supplied lookup produced for a connection: allowed itself, or
   * returned by the system resolver for an allowed name (with that name's port rule).
   */
  allowsResolved(address: string, port?: number): boolean;
  /** Records what the system resolver answered for an allowed name. */
  vouch(name: string, addresses: readonly string[]): void;
  /** The error for a refused host; `what` defaults to the host itself. */
  denied(host: string, what?: string): PolicyError;
}

// Bounded: a long-running skill resolving many names must not grow the runner without end.
const MAX_VOUCHED = 4096;

export function networkPolicy(skill: string, allowed: readonly string[]): NetworkPolicy {
  const vouched = new Map<string, Set<string>>();
  const allows = (host: string, port?: number) => hostAllowed(allowed, host, port);
  return {
    skill,
    allowed,
    allows,
    allowsResolved(address, port) {
      if (allows(address, port)) return true;
      const names = vouched.get(address.toLowerCase());
      return names !== undefined && [...names].some((n) => allows(n, port));
    },
    vouch(name, addresses) {
      for (const address of addresses) {
        const key = address.toLowerCase();
        if (!vouched.has(key) && vouched.size >= MAX_VOUCHED) {
          vouched.delete(vouched.keys().next().value as string);
        }
        const names = vouched.get(key) ?? new Set<string>();
        names.add(name.toLowerCase());
        vouched.set(key, names);
      }
    },
    denied(host, what = host) {
      const e = new Error(
        `Skill "${skill}" may not connect to ${what}: its manifest.json permissions.network allows ${allowed.length ? allowed.join(', ') : 'no hosts'}.`,
      ) as PolicyError;
      e.name = 'SkillError';
      e.code = 'POLICY_DENIED';
      e.hint = `Add "${host}" to permissions.network in the skill's manifest.json, or to the skill's config in the host config if you set its URL.`;
      return e;
    },
  };
}
