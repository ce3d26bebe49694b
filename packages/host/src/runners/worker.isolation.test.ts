// The worker runner contains a broken skill: a hang is a TIMEOUT and a fresh thread, running
// out of memory, process.exit() and an uncaught throw from a timer are SKILL_CRASHED, and
// the host and other skills carry on. Context calls cross the thread with the call's scope.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../router/types.js';
import { ENV_SECRET, hostileWorld, type HostileWorld } from './hostile.fixtures.js';

let world: HostileWorld;
let server: Server;
let hits = 0;
let port = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.end('reached');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => world?.close());

const ok = (r: CallResult) => {
  if (r.isError) throw new Error(`expected success, got ${r.code}: ${r.message}`);
  return r.structured ?? r.text;
};

async function open() {
  world = await hostileWorld();
  // A workspace folder runs in a worker by default.
  return world.open();
}

describe('worker runner: faults stay inside the skill', () => {
  it('a busy loop is TIMEOUT, and the next call answers from a new runner instance', async () => {
    const host = await open();
    const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as {
      instance: string;
    };
    const spin = await host.call({ name: 'hostile.spin', input: {} });
    expect(spin.isError && spin.code).toBe('TIMEOUT');
    const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as {
      instance: string;
    };
    expect(after.instance).not.toBe(before.instance);
  });

  it('a tool that waits past its timeout sees its AbortSignal fire (TimeoutError); a responsive runner is kept', async () => {
    const host = await open();
    const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as {
      instance: string;
    };
    const r = await host.call({ name: 'hostile.wait_abort', input: {} });
    expect(r.isError && r.code).toBe('TIMEOUT');
    expect(ok(await host.call({ name: 'hostile.abort_seen', input: {} }))).toBe('TimeoutError');
    const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as {
      instance: string;
    };
    expect(after.instance).toBe(before.instance);
  });

  it('allocating without bound is SKILL_CRASHED naming memory; victim keeps working meanwhile', async () => {
    const host = await open();
    const [alloc, victim] = await host.callMany([
      { name: 'hostile.alloc', input: {} },
      { name: 'victim.save', input: { value: 'v' } },
    ]);
    expect(alloc!.isError && alloc!.code).toBe('SKILL_CRASHED');
    expect(alloc!.isError && alloc!.message).toContain('ran out of memory');
    expect(victim!.isError).toBe(false);
    ok(await host.call({ name: 'hostile.whoami', input: {} }));
  });

  it('process.exit() ends only the runner: SKILL_CRASHED, then a fresh runner', async () => {
    const host = await open();
    const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as {
      instance: string;
    };
    const exit = await host.call({ name: 'hostile.exit', input: {} });
    expect(exit.isError && exit.code).toBe('SKILL_CRASHED');
    expect(exit.isError && exit.message).toContain('exited with code 3');
    const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as {
      instance: string;
    };
    expect(after.instance).not.toBe(before.instance);
  });

  it('an uncaught throw from a timer is SKILL_CRASHED with its message, then a fresh runner', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.timer_throw', input: {} });
    expect(r.isError && r.code).toBe('SKILL_CRASHED');
    expect(r.isError && r.message).toContain('thrown from a timer');
    ok(await host.call({ name: 'hostile.whoami', input: {} }));
  });
});

describe('worker runner: context over RPC', () => {
  it('storage round-trips through the host; the env holds only declared names', async () => {
    const host = await open();
    expect(ok(await host.call({ name: 'hostile.save', input: { value: 'kept' } }))).toBe('kept');
    const env = ok(await host.call({ name: 'hostile.env', input: {} })) as string[];
    expect(env).toEqual(['HOSTILE_VISIBLE']);
    expect(JSON.stringify(env)).not.toContain(ENV_SECRET);
  });

  it('a result that cannot cross to the host is SKILL_ERROR saying to return data; the runner carries on', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.unclonable', input: {} });
    expect(r.isError && r.code).toBe('SKILL_ERROR');
    expect(r.isError && r.message).toContain('cannot be sent to the host');
    ok(await host.call({ name: 'hostile.whoami', input: {} }));
  });

  it('a token for a provider the manifest does not declare is POLICY_DENIED', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.token', input: { provider: 'google' } });
    expect(r.isError && r.code).toBe('POLICY_DENIED');
    expect(r.isError && r.message).toContain('does not declare');
    const declared = await host.call({ name: 'hostile.token', input: { provider: 'key' } });
    expect(declared.isError && declared.code).toBe('AUTH_REQUIRED');
  });

  it('console.log and the logger reach the host log, tagged with the skill', async () => {
    const host = await open();
    ok(await host.call({ name: 'hostile.log', input: { text: 'hello from the worker' } }));
    const lines = world
      .logs()
      .split('\n')
      .filter((l) => l.includes('hello from the worker'))
      .map((l) => JSON.parse(l) as { skill?: string; console?: string; from?: string });
    expect(lines.map((l) => [l.skill, l.console ?? l.from])).toEqual([
      ['hostile', 'log'],
      ['hostile', 'logger'],
    ]);
  });

  it('a secret the skill logs (console or logger) reaches the host log redacted', async () => {
    world = await hostileWorld();
    const key = 'sk-hostile-api-key-3f9a0c';
    const host = await world.open({}, { HOSTILE_KEY: key });
    ok(await host.call({ name: 'hostile.leak', input: {} }));
    const logs = world.logs();
    expect(logs).toContain('my key is [REDACTED]');
    expect(logs).not.toContain(key);
  });

  it('a host outside permissions.network is POLICY_DENIED before any request leaves', async () => {
    const host = await open();
    const before = hits;
    const f = await host.call({
      name: 'hostile.fetch',
      input: { url: `http://127.0.0.1:${port}/` },
    });
    expect(f.isError && f.code).toBe('POLICY_DENIED');
    expect(f.isError && f.message).toContain('127.0.0.1');
    const c = await host.call({ name: 'hostile.connect', input: { host: '127.0.0.1', port } });
    expect(c.isError && c.code).toBe('POLICY_DENIED');
    expect(hits).toBe(before);
  });

  it('UDP datagrams and DNS queries to undeclared hosts are POLICY_DENIED', async () => {
    const host = await open();
    const [udp, dns] = await host.callMany([
      { name: 'hostile.udp', input: { host: '127.0.0.1', port: 9 } },
      { name: 'hostile.dns', input: { name: 'secret-data.exfil.invalid' } },
    ]);
    expect([udp!.isError && udp!.code, dns!.isError && dns!.code]).toEqual([
      'POLICY_DENIED',
      'POLICY_DENIED',
    ]);
  });

  it('signalling the host (a worker shares its pid) is POLICY_DENIED', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.kill', input: { target: 'self' } });
    expect(r.isError && r.code).toBe('POLICY_DENIED');
  });
});
