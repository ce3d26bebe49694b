// The synchronous path (runners without a boundary offer invokeNow): a tool that returns or
// throws is answered in the same tick, yet keeps every rule of the async path: a result
// after the deadline is TIMEOUT with the tool's signal fired, a tool returning a promise
// gets its deadline and the caller's abort, an aborted caller never starts the tool, and
// the activation's count of calls in flight goes back to zero. Fake timers where time
// passes; the blocking tool busy-waits on Date.now(), as a CPU-bound tool does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolCallInfo } from '@openclaw/skill-sdk';
import { createTestContext, memoryLogger } from '@openclaw/skill-sdk/testing';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { tempDir } from '../testing/skill-folders.js';
import { createActivator } from '../runners/activations.js';
import type { ActiveSkill } from '../runners/types.js';
import { harness } from './router.fixtures.js';
import { createRouter } from './router.js';
import type { CallResult } from './types.js';

const skills = (timeoutMs = 100) => [
  skillRecord({
    name: 'now',
    tools: [
      { name: 'now.echo', timeoutMs },
      { name: 'now.block', timeoutMs },
      { name: 'now.throw', timeoutMs },
      { name: 'now.wait', timeoutMs },
    ],
  }),
];

afterEach(() => {
  vi.useRealTimers();
});

describe('synchronous tools (invokeNow)', () => {
  it('a value is the result and a throw is SKILL_ERROR, each with its audit line', async () => {
    const h = await harness({
      skills: skills(),
      sync: true,
      tools: {
        'now.echo': (input) => (input as { text: string }).text,
        'now.throw': () => {
          throw new Error('broken on purpose');
        },
      },
    });
    expect(await h.router.call({ name: 'now.echo', input: { text: 'hi' } })).toMatchObject({
      isError: false,
      text: 'hi',
    });
    expect(await h.router.call({ name: 'now.throw', input: {} })).toMatchObject({
      isError: true,
      code: 'SKILL_ERROR',
      message: expect.stringContaining('broken on purpose'),
    });
    const lines = await h.auditLines();
    expect(lines.map((l) => [l.tool, l.outcome])).toEqual([
      ['now.echo', 'ok'],
      ['now.throw', 'SKILL_ERROR'],
    ]);
    expect(lines.every((l) => /^h64:[0-9a-f]{16}$/.test(l.inputHash))).toBe(true);
  });

  it('a tool that blocks past its deadline is TIMEOUT, and its signal fired with a TimeoutError', async () => {
    let seen: ToolCallInfo | undefined;
    const h = await harness({
      skills: skills(50),
      sync: true,
      tools: {
        'now.block': (_input, call) => {
          seen = call;
          const until = Date.now() + 120;
          while (Date.now() < until) {
            // busy, as a CPU-bound tool
          }
          return 'late';
        },
      },
    });
    const r = await h.router.call({ name: 'now.block', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'TIMEOUT', details: { timeoutMs: 50 } });
    expect(seen!.signal.aborted).toBe(true);
    expect((seen!.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('a tool that returns a promise which never settles is TIMEOUT at its deadline, not before', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const h = await harness({
      skills: skills(100),
      sync: true,
      tools: {
        'now.wait': (_input, call) => {
          signal = call.signal;
          return new Promise(() => {});
        },
      },
    });
    const state: { result?: CallResult } = {};
    void h.router.call({ name: 'now.wait', input: {} }).then((r) => (state.result = r));
    await vi.advanceTimersByTimeAsync(99);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.result).toMatchObject({ isError: true, code: 'TIMEOUT' });
    expect(signal!.aborted).toBe(true);
  });

  it("the caller's abort reaches a tool that returned a promise; an aborted caller never starts one", async () => {
    let signal: AbortSignal | undefined;
    const h = await harness({
      skills: skills(60_000),
      sync: true,
      tools: {
        'now.echo': () => 'ok',
        'now.wait': (_input, call) => {
          signal = call.signal;
          return new Promise(() => {});
        },
      },
    });
    await h.router.call({ name: 'now.echo', input: {} }); // activated: later calls start at once
    const controller = new AbortController();
    const pending = h.router.call({ name: 'now.wait', input: {} }, { signal: controller.signal });
    expect(signal).toBeInstanceOf(AbortSignal); // the tool is running
    controller.abort(new Error('user pressed stop'));
    expect(await pending).toMatchObject({ isError: true, code: 'ABORTED' });
    expect(signal!.aborted).toBe(true);

    const before = h.invoked.length;
    const again = await h.router.call(
      { name: 'now.wait', input: {} },
      { signal: controller.signal },
    );
    expect(again).toMatchObject({ isError: true, code: 'ABORTED' });
    expect(h.invoked.length).toBe(before);
  });

  it('calls answered synchronously (values and throws) leave nothing in flight: a retired generation disposes at once', async () => {
    const log: string[] = [];
    const tools: Record<string, (input: unknown) => unknown> = {
      'now.echo': () => 'ok',
      'now.throw': () => {
        throw new Error('no');
      },
    };
    const activator = createActivator({
      runnerFor: () => ({
        kind: 'inline',
        activate(skill) {
          const invokeNow = (tool: string, input: unknown) => tools[tool]!(input);
          const active: ActiveSkill = {
            skill: skill.name,
            version: skill.version,
            invokeNow,
            invoke: async (tool, input) => invokeNow(tool, input),
            dispose: async () => void log.push(`dispose ${skill.name}`),
          };
          return Promise.resolve(active);
        },
      }),
      contextFor: () => createTestContext(),
      onDisposeError: () => {},
    });
    const [record] = skills();
    const router = createRouter({
      snapshot: () => snapshotOf([record!]),
      activate: (s) => activator.activate(s),
      home: await tempDir(),
      config: { audit: { enabled: false } },
      logger: memoryLogger([]),
      secretValues: () => [],
    });
    expect(await router.call({ name: 'now.echo', input: {} })).toMatchObject({ isError: false });
    expect(await router.call({ name: 'now.throw', input: {} })).toMatchObject({ isError: true });
    vi.useFakeTimers();
    const retired = activator.close();
    // Disposed without waiting for the drain period: no call is counted in flight.
    await vi.advanceTimersByTimeAsync(0);
    await retired;
    expect(log).toEqual(['dispose now']);
  });
});
