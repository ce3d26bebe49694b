// Best-effort network allow list inside a runner (manifest `permissions.network`). Node 20's
// permission model does not cover the network, so this patches the JavaScript entry points
// before the skill's code loads: every TCP/TLS connection made through `net.Socket` (which
// http, https, tls and the built-in fetch all use) must name an allowed host, and so must UDP
// datagrams and DNS queries (a query for `<data>.evil.example` carries data out). Native code,
// or a skill that reaches Node's internals, can get around it: docs/isolation.md says so.
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';

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
  guardUdp(skill, allowed);
  guardDns(skill, allowed);
  syncBuiltinESMExports();
}

function guardUdp(skill: string, allowed: readonly string[]): void {
  const proto = dgram.Socket.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const method of ['send', 'connect'] as const) {
    const real = proto[method]!;
    proto[method] = function guardedUdp(this: dgram.Socket, ...args: unknown[]) {
      // connect(port, address) / send(msg, [offset, length,] [port,] [address,] cb): the
      // address is the first string after the message; a connected socket was checked already.
      const address = (method === 'send' ? args.slice(1) : args).find(
        (a): a is string => typeof a === 'string',
      );
      const port = (method === 'send' ? args.slice(1) : args).find(
        (a): a is number => typeof a === 'number',
      );
      if (address !== undefined || method === 'connect') {
        const host = address ?? 'localhost';
        if (!hostAllowed(allowed, host, method === 'connect' ? port : undefined)) {
          throw denied(skill, host, allowed);
        }
      }
      return real.apply(this, args);
    };
  }
}

function guardDns(skill: string, allowed: readonly string[]): void {
  const wrap = (target: Record<string, unknown>, promises: boolean) => {
    for (const name of Object.keys(target)) {
      const real = target[name];
      if (typeof real !== 'function' || !/^(lookup|resolve)/.test(name)) continue;
      target[name] = function guardedDns(this: unknown, host: unknown, ...rest: unknown[]) {
        if (typeof host === 'string' && !hostAllowed(allowed, host)) {
          const e = denied(skill, host, allowed);
          if (promises) return Promise.reject(e);
          const cb = rest.findLast((a) => typeof a === 'function') as
            ((e: Error) => void) | undefined;
          if (cb) return void process.nextTick(cb, e);
          throw e;
        }
        return (real as (...a: unknown[]) => unknown).call(this, host, ...rest);
      };
    }
  };
  wrap(dns as unknown as Record<string, unknown>, false);
  wrap(dns.promises as unknown as Record<string, unknown>, true);
  wrap(dns.Resolver.prototype as unknown as Record<string, unknown>, false);
  wrap(dns.promises.Resolver.prototype as unknown as Record<string, unknown>, true);
}
