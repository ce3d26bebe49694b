// The guards read Node's argument shapes the way Node does: http's `path: null` is not a unix
// socket, an empty host is localhost, DNS servers compare with their default port, and an
// address a caller's own lookup returns is allowed only if listed or vouched for by the
// system resolver for an allowed name (with that name's port rule).
import { describe, expect, it } from 'vitest';
import { serverKey } from './network-dns.js';
import { checkedLookup, connectTarget } from './network-net.js';
import { networkPolicy } from './network-policy.js';

describe('connectTarget', () => {
  it("reads http's options (path: null) and the normalized array as TCP, a truthy path as a unix socket", () => {
    expect(connectTarget([[{ host: 'a.example', port: 443, path: null }, null]])).toMatchObject({
      kind: 'tcp',
      host: 'a.example',
      port: 443,
    });
    expect(connectTarget([{ port: 80, host: '' }])).toMatchObject({ host: 'localhost' });
    expect(connectTarget([{ path: '/run/x.sock', host: 'a.example' }])).toEqual({
      kind: 'pipe',
      path: '/run/x.sock',
    });
  });

  it('reads connect(port, host), connect("8080") as a port and connect("/x.sock") as a pipe', () => {
    expect(connectTarget([8080, 'a.example'])).toMatchObject({ host: 'a.example', port: 8080 });
    expect(connectTarget(['8080'])).toMatchObject({ kind: 'tcp', host: 'localhost', port: 8080 });
    expect(connectTarget(['/x.sock'])).toEqual({ kind: 'pipe', path: '/x.sock' });
  });
});

describe('serverKey', () => {
  it('compares DNS servers with their default port 53, IPv4 and bracketed IPv6 alike', () => {
    expect(serverKey('10.0.0.53')).toBe(serverKey('10.0.0.53:53'));
    expect(serverKey('::1')).toBe(serverKey('[::1]:53'));
    expect(serverKey('127.0.0.1:9953')).not.toBe(serverKey('127.0.0.1'));
  });
});

describe('addresses from a caller-supplied lookup', () => {
  const policy = networkPolicy('s', ['api.example:443', '10.0.0.9']);
  const answer = (address: string | object[], port: number) =>
    new Promise<unknown>((resolve) => {
      const lookup = checkedLookup(policy, port, (_h: string, _o: unknown, cb: unknown) =>
        (cb as (e: null, a: unknown, f: number) => void)(null, address, 4),
      );
      lookup('api.example', {}, (err: Error | null, a?: unknown) => resolve(err ?? a));
    });

  it('refuses an address neither listed nor vouched for, and passes a listed one', async () => {
    expect(await answer('192.0.2.1', 443)).toMatchObject({ code: 'POLICY_DENIED' });
    expect(await answer('10.0.0.9', 443)).toBe('10.0.0.9');
    expect(await answer([{ address: '10.0.0.9' }, { address: '192.0.2.1' }], 443)).toMatchObject({
      code: 'POLICY_DENIED',
    });
  });

  it("passes what the system resolved an allowed name to, on that name's port only", async () => {
    policy.vouch('api.example', ['192.0.2.7']);
    expect(await answer('192.0.2.7', 443)).toBe('192.0.2.7');
    expect(await answer('192.0.2.7', 8443)).toMatchObject({ code: 'POLICY_DENIED' });
  });
});
