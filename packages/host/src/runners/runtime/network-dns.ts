// DNS: a query is a way out (`<data>.evil.example`, a reverse lookup of a made-up address, a
// resolver pointed at the skill's own server). Every function of `dns`, `dns.promises` and
// both Resolver classes (their whole prototype chain) is replaced: queries must name an
// allowed host or address, `setServers` may only keep the system's resolvers, the functions
// that send nothing pass, and a function this guard does not know is refused.
import dns from 'node:dns';
import net from 'node:net';
import type { NetworkPolicy } from './network-policy.js';

type Fn = (this: unknown, ...a: unknown[]) => unknown;
type Flavor = 'callback' | 'promise';

/** Functions that query nothing and change no server. */
const HARMLESS = new Set([
  'getServers',
  'getDefaultResultOrder',
  'setDefaultResultOrder',
  'cancel',
  'setLocalAddress',
]);

/** Functions whose first argument is the name or address the query is about. */
const isQuery = (name: string) =>
  name === 'lookup' || name === 'lookupService' || name === 'reverse' || name.startsWith('resolve');

/** Their answers are addresses the system resolver gave for an allowed name. */
const ANSWERS_ADDRESSES = new Set(['lookup', 'resolve4', 'resolve6']);

/** `1.2.3.4`, `1.2.3.4:53`, `::1`, `[::1]:53`, as `address|port`. */
export function serverKey(server: string): string {
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (bracket) return `${bracket[1]!.toLowerCase()}|${bracket[2] ?? '53'}`;
  if (net.isIPv6(server)) return `${server.toLowerCase()}|53`;
  const colon = server.lastIndexOf(':');
  return colon > 0 ? `${server.slice(0, colon)}|${server.slice(colon + 1)}` : `${server}|53`;
}

function addresses(answer: unknown): string[] {
  const list = Array.isArray(answer) ? answer : [answer];
  return list
    .map((a) => (typeof a === 'object' && a !== null ? (a as { address?: unknown }).address : a))
    .filter((a): a is string => typeof a === 'string');
}

function refuse(e: Error, flavor: Flavor, args: readonly unknown[]): unknown {
  if (flavor === 'promise') return Promise.reject(e);
  const cb = args.findLast((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
  if (!cb) throw e;
  process.nextTick(cb, e);
  return undefined;
}

interface Wrap {
  policy: NetworkPolicy;
  systemServers: ReadonlySet<string>;
  flavor: Flavor;
}

function queryGuard(name: string, real: Fn, w: Wrap): Fn {
  const vouches = ANSWERS_ADDRESSES.has(name);
  return function guardedQuery(this: unknown, ...args: unknown[]) {
    const host = args[0];
    // An address given to lookup is answered without a query (a socket binding to
    // 0.0.0.0 asks for one); what is then sent to it is checked by the socket guards.
    if (typeof host !== 'string' || host === '' || (name === 'lookup' && net.isIP(host))) {
      return real.apply(this, args);
    }
    if (!w.policy.allows(host)) {
      return refuse(w.policy.denied(host, `${host} (dns.${name})`), w.flavor, args);
    }
    if (!vouches) return real.apply(this, args);
    if (w.flavor === 'promise') {
      return (real.apply(this, args) as Promise<unknown>).then((answer) => {
        w.policy.vouch(host, addresses(answer));
        return answer;
      });
    }
    const at = args.findLastIndex((a) => typeof a === 'function');
    if (at < 0) return real.apply(this, args);
    const cb = args[at] as (err: unknown, answer?: unknown, ...more: unknown[]) => void;
    const copy = [...args];
    copy[at] = (err: unknown, answer?: unknown, ...more: unknown[]) => {
      if (!err) w.policy.vouch(host, addresses(answer));
      cb(err, answer, ...more);
    };
    return real.apply(this, copy);
  };
}

function setServersGuard(real: Fn, w: Wrap): Fn {
  return function guardedSetServers(this: unknown, ...args: unknown[]) {
    const servers = args[0];
    if (Array.isArray(servers)) {
      const other = servers.find(
        (s) => typeof s !== 'string' || !w.systemServers.has(serverKey(s)),
      );
      if (other !== undefined) {
        throw w.policy.denied(String(other), `the DNS server ${String(other)} (dns.setServers)`);
      }
    }
    return real.apply(this, args);
  };
}

function guardOne(name: string, real: Fn, w: Wrap): Fn {
  if (HARMLESS.has(name)) return real;
  if (name === 'setServers') return setServersGuard(real, w);
  if (isQuery(name)) return queryGuard(name, real, w);
  return function unknownDns() {
    throw w.policy.denied(`dns.${name}`, `dns.${name}, which the network guard does not know`);
  };
}

function guardObject(target: object, w: Wrap): void {
  for (const name of Object.getOwnPropertyNames(target)) {
    const d = Object.getOwnPropertyDescriptor(target, name)!;
    // Classes (Resolver) and getters (promises) are not queries; their prototypes are.
    if (name === 'constructor' || name === 'Resolver' || typeof d.value !== 'function') continue;
    if (!d.writable && !d.configurable) continue;
    Object.defineProperty(target, name, { ...d, value: guardOne(name, d.value as Fn, w) });
  }
}

/**
 * The resolver's native channel (reachable as `resolver._handle`) takes its servers as
 * `[family, address, port]`: the same rule applies there, so going around the JavaScript
 * `setServers` sends nothing elsewhere either.
 */
function guardChannel(w: Wrap): void {
  const channel = (new dns.Resolver() as unknown as { _handle?: object })._handle;
  const proto = channel ? (Object.getPrototypeOf(channel) as Record<string, Fn>) : undefined;
  const real = proto?.setServers;
  if (!proto || typeof real !== 'function') return;
  proto.setServers = function guardedChannelServers(this: unknown, ...args: unknown[]) {
    const servers = Array.isArray(args[0]) ? (args[0] as unknown[]) : [];
    for (const s of servers) {
      const [, address, port] = Array.isArray(s) ? (s as unknown[]) : [];
      if (!w.systemServers.has(`${String(address).toLowerCase()}|${Number(port) || 53}`)) {
        throw w.policy.denied(String(address), `the DNS server ${String(address)}:${String(port)}`);
      }
    }
    return real.apply(this, args);
  };
}

export function guardDns(policy: NetworkPolicy): void {
  const systemServers = new Set(dns.getServers().map(serverKey));
  const w = (flavor: Flavor): Wrap => ({ policy, systemServers, flavor });
  const done = new Set<object>();
  const chain = (proto: object, flavor: Flavor) => {
    for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      if (done.has(p)) continue;
      done.add(p);
      guardObject(p, w(flavor));
    }
  };
  chain(dns.Resolver.prototype, 'callback');
  chain(dns.promises.Resolver.prototype, 'promise');
  guardObject(dns, w('callback'));
  guardObject(dns.promises, w('promise'));
  guardChannel(w('callback'));
}
