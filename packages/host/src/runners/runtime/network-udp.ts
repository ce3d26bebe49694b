// UDP: a datagram is a way out like any connection. `send` and `connect` must name an allowed
// host and port (a send without an address goes to localhost, so it is checked as such), and
// the socket handle's own send and connect refuse an address the policy does not allow: that
// is where a socket's own `lookup` function has already answered, so what it maps a name to
// is checked too.
import dgram from 'node:dgram';
import { constants } from 'node:os';
import type { NetworkPolicy } from './network-policy.js';

type Fn = (...a: unknown[]) => unknown;
const EACCES = -constants.errno.EACCES;

function isConnected(socket: dgram.Socket): boolean {
  try {
    socket.remoteAddress();
    return true;
  } catch {
    return false;
  }
}

const loopback = (socket: dgram.Socket) =>
  (socket as unknown as { type?: string }).type === 'udp6' ? '::1' : '127.0.0.1';

/**
 * Where an unconnected `send(msg, [offset, length,] port[, address][, cb])` goes, read the
 * way Node reads it. Undefined for a connected socket (checked when it connected).
 */
export function sendTarget(
  socket: dgram.Socket,
  args: readonly unknown[],
): { host: string; port: number } | undefined {
  if (isConnected(socket)) return undefined;
  const [, offset, length, p, a] = args;
  const sliced = Boolean(a) || (Boolean(p) && typeof p !== 'function');
  const port = sliced ? p : offset;
  const address = sliced ? a : length;
  return {
    host: typeof address === 'string' && address ? address : loopback(socket),
    port: Number(port),
  };
}

/** What the handle refused last, per socket, to replace Node's bare EACCES in callbacks. */
type Refusals = WeakMap<object, Error>;

/** The callback (last function argument) sees the policy's error instead of EACCES. */
function explainRefusal(socket: object, args: unknown[], refusals: Refusals): void {
  const at = args.findLastIndex((a) => typeof a === 'function');
  if (at < 0) return;
  const cb = args[at] as Fn;
  args[at] = (err: unknown, ...rest: unknown[]) => {
    const refused = err ? refusals.get(socket) : undefined;
    refusals.delete(socket);
    return cb(refused ?? err, ...rest);
  };
}

function guardSocketApi(policy: NetworkPolicy, refusals: Refusals): void {
  const proto = dgram.Socket.prototype as unknown as Record<string, Fn>;
  const send = proto.send!;
  proto.send = function guardedSend(this: dgram.Socket, ...args: unknown[]) {
    const t = sendTarget(this, args);
    if (t && !policy.allows(t.host, t.port)) throw policy.denied(t.host);
    explainRefusal(this, args, refusals);
    return send.apply(this, args);
  };
  const connect = proto.connect!;
  proto.connect = function guardedConnect(this: dgram.Socket, ...args: unknown[]) {
    const [port, address] = args;
    const host = typeof address === 'string' && address ? address : loopback(this);
    if (!policy.allows(host, Number(port))) throw policy.denied(host);
    explainRefusal(this, args, refusals);
    return connect.apply(this, args);
  };
}

/** The native handle's prototype, reached through a socket that is closed at once. */
function handlePrototype(): Record<string, Fn> | undefined {
  const probe = dgram.createSocket('udp4');
  const holder = probe as unknown as Record<symbol, { handle?: object } | undefined>;
  const state = Object.getOwnPropertySymbols(probe)
    .map((s) => holder[s])
    .find((v) => typeof v === 'object' && v !== null && typeof v.handle === 'object');
  const proto = state?.handle ? Object.getPrototypeOf(state.handle) : undefined;
  probe.close();
  return proto as Record<string, Fn> | undefined;
}

// The handle sees the address after any lookup, the socket's own included: its
// send(req, list, count, port, ip, hasCb) and connect(ip, port) refuse what the policy does
// not allow with the errno Node reports (a connected send has no address: checked at
// connect). Bind is not guarded: binding sends nothing.
function guardHandle(policy: NetworkPolicy, refusals: Refusals): void {
  const proto = handlePrototype();
  if (!proto) return;
  const refuse = (handle: unknown, ip: string, port: number) => {
    const e = policy.denied(ip, `${ip}:${port} (the address the socket resolved to)`);
    refusals.set((handle as { owner?: object }).owner ?? (handle as object), e);
    return EACCES;
  };
  for (const name of ['send', 'send6'] as const) {
    const real = proto[name];
    if (typeof real !== 'function') continue;
    proto[name] = function guardedHandleSend(this: unknown, ...a: unknown[]) {
      const [ip, port] = [String(a[4]), Number(a[3])];
      if (a.length >= 6 && !policy.allowsResolved(ip, port)) return refuse(this, ip, port);
      return real.apply(this, a);
    };
  }
  for (const name of ['connect', 'connect6'] as const) {
    const real = proto[name];
    if (typeof real !== 'function') continue;
    proto[name] = function guardedHandleConnect(this: unknown, ...a: unknown[]) {
      const [ip, port] = [String(a[0]), Number(a[1])];
      if (!policy.allowsResolved(ip, port)) return refuse(this, ip, port);
      return real.apply(this, a);
    };
  }
}

export function guardUdp(policy: NetworkPolicy): void {
  const refusals: Refusals = new WeakMap();
  guardSocketApi(policy, refusals);
  guardHandle(policy, refusals);
}
