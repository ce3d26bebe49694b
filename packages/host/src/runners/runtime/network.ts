// Best-effort network allow list inside a runner (manifest `permissions.network`). Node 20's
// permission model does not cover the network, so this patches the JavaScript entry points
// before the skill's code loads: every TCP/TLS connection made through `net.Socket` (which
// http, https, tls and the built-in fetch all use) must name an allowed host. Native code,
// or a skill that reaches Node's internals, can get around it: docs/isolation.md says so.
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';

/** `api.example.com`, `*.example.com` (any subdomain), optionally with `:port`. */
export function hostAllowed(allowed: readonly string[], host: string, port?: number): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((rule) => {
    const r = rule.toLowerCase();
    const colon = r.lastIndexOf(':');
    const hasPort = colon > 0 && /^\d+$/.test(r.slice(colon + 1)) && !r.includes(']');
    const name = hasPort ? r.slice(0, colon) : r;
    if (hasPort && Number(r.slice(colon + 1)) !== port) return false;
    if (name.startsWith('*.')) return h.endsWith(name.slice(1)) && h.length > name.length - 1;
    return h === name;
  });
}

function denied(skill: string, host: string, allowed: readonly string[]): Error {
  const e = new Error(
    `Skill "${skill}" may not connect to ${host}: its manifest.json permissions.network allows ${allowed.length ? allowed.join(', ') : 'no hosts'}.`,
  ) as Error & { code: string; hint: string };
  e.name = 'SkillError';
  e.code = 'POLICY_DENIED';
  e.hint = `Add "${host}" to permissions.network in the skill's manifest.json, or to the skill's config in the host config if you set its URL.`;
  return e;
}

type ConnectArgs = [unknown, ...unknown[]];

function target(args: ConnectArgs): { host?: string; port?: number; path?: string } {
  let first = args[0];
  // net.Socket#connect is called with the normalized [options, cb] array by net.connect.
  if (Array.isArray(first)) first = first[0];
  if (typeof first === 'object' && first !== null) {
    const o = first as { host?: string; port?: number | string; path?: string };
    if (o.path !== undefined) return { path: o.path };
    return { host: o.host ?? 'localhost', port: Number(o.port) };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return {
    port: Number(first),
    host: typeof args[1] === 'string' ? args[1] : 'localhost',
  };
}

export function guardNetwork(skill: string, allowed: readonly string[]): void {
  const connect = net.Socket.prototype.connect as (...a: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const t = target(args as ConnectArgs);
    if (t.path !== undefined) throw denied(skill, `the local socket ${t.path}`, allowed);
    if (!hostAllowed(allowed, t.host!, t.port)) throw denied(skill, t.host!, allowed);
    return connect.apply(this, args);
  } as typeof net.Socket.prototype.connect;

  // fetch fails with an opaque "fetch failed" when the socket refuses; check first so the
  // skill (and the model) see which host was refused.
  const realFetch = globalThis.fetch;
  globalThis.fetch = function guardedFetch(input: string | URL | Request, init?: RequestInit) {
    let url: URL;
    try {
      url = new URL(input instanceof Request ? input.url : String(input));
    } catch {
      return realFetch(input, init);
    }
    const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
    if (!hostAllowed(allowed, url.hostname, port)) {
      return Promise.reject(denied(skill, url.hostname, allowed));
    }
    return realFetch(input, init);
  } as typeof fetch;
  syncBuiltinESMExports();
}
