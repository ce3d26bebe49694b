// What the worker and the sandbox runner both promise, checked once for each: a broken skill's
// hang is a TIMEOUT with a fresh runner after it; running out of memory, process.exit() and an
// uncaught throw from a timer are SKILL_CRASHED; context calls cross to the host with the
// call's scope; undeclared tokens, hosts and signals are POLICY_DENIED; and the host and the
// other skills carry on. What only the sandbox adds (files, child processes) is in
// sandbox.isolation.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../router/types.js';
import { ENV_SECRET, hostileWorld, type HostileWorld } from './hostile.fixtures.js';

let world: HostileWorld | undefined;
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
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const ok = (r: CallResult) => {
  if (r.isError) throw new Error(`expected success, got ${r.code}: ${r.message}`);
  return r.structured ?? r.text;
};

interface Whoami {
  instance: string;
  pid: number;
}

const RUNNERS = [
  // A workspace folder runs in a worker (a thread of the host process); a skill installed
  // from a registry runs in the sandbox (a process of its own, a child of the host).
  { runner: 'worker', where: 'workspace', signals: 'self' },
  { runner: 'sandbox', where: 'store', signals: 'parent' },
] as const;

describe.each(RUNNERS)('$runner runner', ({ runner, where, signals }) => {
  async function open(env: NodeJS.ProcessEnv = {}) {
    world = await hostileWorld(where);
    return world.open({}, env);
  }

  describe('faults stay inside the skill', () => {
    it(`runs the skill in the ${runner} runner, ${runner === 'worker' ? 'inside' : 'outside'} the host process`, async () => {
      const host = await open();
      const r = await host.call({ name: 'hostile.whoami', input: {} });
      expect(r.runner).toBe(runner);
      expect((ok(r) as Whoami).pid === process.pid).toBe(runner === 'worker');
    });

    it('a busy loop is TIMEOUT, and the next call answers from a new runner instance', async () => {
      const host = await open();
      const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
      const spin = await host.call({ name: 'hostile.spin', input: {} });
      expect(spin.isError && spin.code).toBe('TIMEOUT');
      const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
      expect(after.instance).not.toBe(before.instance);
    });

    it('a tool that waits past its timeout sees its AbortSignal fire (TimeoutError); a responsive runner is kept', async () => {
      const host = await open();
      const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
      const r = await host.call({ name: 'hostile.wait_abort', input: {} });
      expect(r.isError && r.code).toBe('TIMEOUT');
      expect(ok(await host.call({ name: 'hostile.abort_seen', input: {} }))).toBe('TimeoutError');
      const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
      expect(after.instance).toBe(before.instance);
    });

    it.each([
      ['alloc', 'allocating without bound', 'ran out of memory'],
      ['exit', 'process.exit(3)', 'exited with code 3'],
      ['timer_throw', 'an uncaught throw from a timer', 'threw an uncaught error (thrown from'],
    ])(
      'hostile.%s (%s) is SKILL_CRASHED saying "%s"; the victim skill answers meanwhile, then a fresh runner',
      async (tool, _what, says) => {
        const host = await open();
        const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
        const [crash, victim] = await host.callMany([
          { name: `hostile.${tool}`, input: {} },
          { name: 'victim.save', input: { value: tool } },
        ]);
        expect(crash!.isError && crash!.code).toBe('SKILL_CRASHED');
        expect(crash!.isError && crash!.message).toContain(says);
        expect(ok(victim!)).toBe('saved');
        const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
        expect(after.instance).not.toBe(before.instance);
      },
    );

    it.each(['setTimeout', 'setInterval', 'setImmediate', 'rejection'])(
      'an error the skill throws outside the call (via %s) is SKILL_CRASHED naming that error, in the result and the log; the next call gets a fresh runner',
      async (via) => {
        const host = await open();
        const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
        const crash = await host.call({ name: 'hostile.timer_throw', input: { via } });
        expect(crash.isError && crash.code).toBe('SKILL_CRASHED');
        expect(crash.isError && crash.message).toContain(
          `threw an uncaught error (thrown from ${via})`,
        );
        expect(world!.logs()).toContain(`threw an uncaught error (thrown from ${via})`);
        const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as Whoami;
        expect(after.instance).not.toBe(before.instance);
      },
    );

    it("a token in the message of an error thrown from a timer is redacted from the call's error and the host log", async () => {
      const key = 'hostile-timer-key-51c7e2';
      const host = await open({ HOSTILE_KEY: key });
      const crash = await host.call({ name: 'hostile.timer_throw', input: { leak: true } });
      expect(crash.isError && crash.code).toBe('SKILL_CRASHED');
      expect(crash.isError && crash.message).toContain('thrown from setTimeout holding [REDACTED]');
      expect(JSON.stringify(crash)).not.toContain(key);
      expect(world!.logs()).toContain('thrown from setTimeout holding [REDACTED]');
      expect(world!.logs()).not.toContain(key);
    });
  });

  describe('context over RPC', () => {
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

    it('a token for a provider the manifest does not declare is POLICY_DENIED; a declared one with no key is AUTH_REQUIRED', async () => {
      const host = await open();
      const r = await host.call({ name: 'hostile.token', input: { provider: 'google' } });
      expect(r.isError && r.code).toBe('POLICY_DENIED');
      expect(r.isError && r.message).toContain('does not declare');
      const declared = await host.call({ name: 'hostile.token', input: { provider: 'key' } });
      expect(declared.isError && declared.code).toBe('AUTH_REQUIRED');
    });

    it('console.log and the logger reach the host log, tagged with the skill', async () => {
      const host = await open();
      ok(await host.call({ name: 'hostile.log', input: { text: `hello from the ${runner}` } }));
      const lines = world!
        .logs()
        .split('\n')
        .filter((l) => l.includes(`hello from the ${runner}`))
        .map((l) => JSON.parse(l) as { skill?: string; console?: string; from?: string });
      expect(lines.map((l) => [l.skill, l.console ?? l.from])).toEqual([
        ['hostile', 'log'],
        ['hostile', 'logger'],
      ]);
    });

    it('a secret the skill logs (console or logger) reaches the host log redacted', async () => {
      const key = 'sk-hostile-api-key-3f9a0c';
      const host = await open({ HOSTILE_KEY: key });
      ok(await host.call({ name: 'hostile.leak', input: {} }));
      const logs = world!.logs();
      expect(logs).toContain('my key is [REDACTED]');
      expect(logs).not.toContain(key);
    });
  });

  describe('undeclared reach is refused', () => {
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

    it(`signalling the host (process.kill of the ${signals === 'self' ? "worker's own pid, the host's" : "sandbox's parent"}) is POLICY_DENIED`, async () => {
      const host = await open();
      const r = await host.call({ name: 'hostile.kill', input: { target: signals } });
      expect(r.isError && r.code).toBe('POLICY_DENIED');
      expect(r.isError && r.message).toContain('may not send signals');
    });
  });
});
