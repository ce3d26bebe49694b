// Best-effort network allow list inside a runner (manifest `permissions.network`). Node 20's
// permission model does not cover the network, so the runner patches the JavaScript entry
// points before the skill's code loads: TCP and TLS through `net.Socket` (which http, https,
// http2, tls and the built-in fetch all use, with a caller's own `lookup` checked too), UDP
// through `dgram`, and every DNS function. Native code, or a skill that reaches Node's
// internals, can get around it: docs/isolation.md says so.
import { syncBuiltinESMExports } from 'node:module';
import { guardDns } from './network-dns.js';
import { guardTcp } from './network-net.js';
import { networkPolicy, type NetworkPolicy } from './network-policy.js';
import { guardUdp } from './network-udp.js';

export { hostAllowed } from './network-policy.js';

// fetch fails with an opaque "fetch failed" when the socket refuses; check first so the
// skill (and the model) see which host was refused.
function guardFetch(policy: NetworkPolicy): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = function guardedFetch(input: string | URL | Request, init?: RequestInit) {
    let url: URL;
    try {
      url = new URL(input instanceof Request ? input.url : String(input));
    } catch {
      return realFetch(input, init);
    }
    const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
    if (!policy.allows(url.hostname, port)) {
      return Promise.reject(policy.denied(url.hostname));
    }
    return realFetch(input, init);
  } as typeof fetch;
}

export function guardNetwork(skill: string, allowed: readonly string[]): void {
  const policy = networkPolicy(skill, allowed);
  // DNS first: the sockets made afterwards (the UDP guard's probe included) pick up the
  // guarded dns.lookup as their default lookup.
  guardDns(policy);
  guardTcp(policy);
  guardUdp(policy);
  guardFetch(policy);
  syncBuiltinESMExports();
}
