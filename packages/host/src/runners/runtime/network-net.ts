// TCP and TLS: every connection made through `net.Socket` (which http, https, http2, tls and
// the built-in fetch all use) must name an allowed host and port, and a unix socket is never
// allowed. A caller-supplied `lookup` function may map an allowed name to any address, so its
// answers are checked too before the socket connects.
import net from 'node:net';
import type { NetworkPolicy } from './network-policy.js';

type Options = Record<string, unknown>;
type LookupCallback = (err: Error | null, address?: unknown, family?: number) => void;
type Lookup = (hostname: string, ...rest: unknown[]) => unknown;

export type ConnectTarget =
  { kind: 'pipe'; path: string } | { kind: 'tcp'; host: string; port: number; options?: Options };

/**
 * Where `net.Socket#connect(...args)` will connect, read the way Node reads its arguments:
 * a truthy `path` is a unix socket (http passes `path: null`); a string that is not a
 * number is a pipe name; an empty host is localhost.
 */
export function connectTarget(args: readonly unknown[]): ConnectTarget {
  // net.connect calls Socket#connect with its normalized [options, cb] array.
  const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const o = first as Options;
    if (o.path) return { kind: 'pipe', path: String(o.path) };
    return { kind: 'tcp', host: String(o.host || 'localhost'), port: Number(o.port), options: o };
  }
  if (typeof first === 'string' && !(Number(first) >= 0)) return { kind: 'pipe', path: first };
  return {
    kind: 'tcp',
    port: Number(first),
    host: typeof args[1] === 'string' && args[1] ? args[1] : 'localhost',
  };
}

/** A lookup whose every answer must be an address the policy allows for `port`. */
export function checkedLookup(policy: NetworkPolicy, port: number, lookup: Lookup): Lookup {
  return function guardedLookup(this: unknown, hostname: string, options?: unknown, cb?: unknown) {
    const done = (typeof options === 'function' ? options : cb) as LookupCallback;
    const forward = (err: Error | null, address?: unknown, family?: number) => {
      if (err) return done(err);
      const list = Array.isArray(address)
        ? address.map((a) => (a as { address?: unknown }).address)
        : [address];
      const bad = list.find((a) => typeof a === 'string' && !policy.allowsResolved(a, port));
      if (typeof bad === 'string') {
        return done(policy.denied(bad, `${bad} (what its own lookup returned for ${hostname})`));
      }
      done(null, address, family);
    };
    return typeof options === 'function'
      ? lookup.call(this, hostname, forward)
      : lookup.call(this, hostname, options, forward);
  };
}

/** Replaces the options' `lookup` in the arguments without touching the caller's object. */
function withCheckedLookup(args: unknown[], policy: NetworkPolicy, t: ConnectTarget): void {
  if (t.kind !== 'tcp' || typeof t.options?.lookup !== 'function' || net.isIP(t.host)) return;
  const options = {
    ...t.options,
    lookup: checkedLookup(policy, t.port, t.options.lookup as Lookup),
  };
  // The normalized array carries a private marker Node checks, so it is updated in place.
  if (Array.isArray(args[0])) (args[0] as unknown[])[0] = options;
  else args[0] = options;
}

export function guardTcp(policy: NetworkPolicy): void {
  const connect = net.Socket.prototype.connect as (...a: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const t = connectTarget(args);
    if (t.kind === 'pipe') throw policy.denied(t.path, `the local socket ${t.path}`);
    if (!policy.allows(t.host, t.port)) throw policy.denied(t.host);
    withCheckedLookup(args, policy, t);
    return connect.apply(this, args);
  } as typeof net.Socket.prototype.connect;
}
