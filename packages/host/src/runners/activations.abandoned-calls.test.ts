// A tool that never settles and ignores its AbortSignal must not keep its skill alive: once
// the router gives up on the call (timeout) it stops counting, so close() and a rescan
// dispose the skill; a call nobody gave up on delays disposal by the grace period at most.
import { createTestContext } from '@openclaw/skill-sdk/testing';
import { memoryLogger } from '@openclaw/skill-sdk/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { tempDir } from '../testing/skill-folders.js';
import { createRouter } from '../router/router.js';
import { createActivator, DEFAULT_DRAIN_MS } from './activations.js';
import type { ActiveSkill, Runner } from './types.js';

afterEach(() => {
  vi.useRealTimers();
});

function neverSettlingRunner(log: string[]): Runner {
  return {
    kind: 'inline',
    async activate(skill) {
      const active: ActiveSkill = {
        skill: skill.name,
        version: skill.version,
        invoke: () => new Promise(() => {}), // ignores its signal, never settles
        dispose: async () => void log.push(`dispose ${skill.name}`),
      };
      return active;
    },
  };
}

async function setup() {
  const log: string[] = [];
  const activator = createActivator({
    runnerFor: () => neverSettlingRunner(log),
    contextFor: () => createTestContext(),
    onDisposeError: () => {},
  });
  const v1 = skillRecord({ name: 'stuck', tools: [{ name: 'stuck.wait', timeoutMs: 100 }] });
  const router = createRouter({
    snapshot: () => snapshotOf([v1]),
    activate: (s) => activator.activate(s),
    home: await tempDir(),
    config: { audit: { enabled: false } },
    logger: memoryLogger([]),
    secretValues: () => [],
  });
  return { log, activator, router, v1 };
}

/** Whether the promise settles within the current fake-timer turn (no time passing). */
async function settlesNow(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('abandoned calls', () => {
  it('after a timeout the never-settling call no longer counts: close() disposes at once', async () => {
    const { log, activator, router } = await setup();
    vi.useFakeTimers();
    const call = router.call({ name: 'stuck.wait', input: {} });
    await vi.advanceTimersByTimeAsync(100);
    expect(await call).toMatchObject({ code: 'TIMEOUT' });
    expect(await settlesNow(activator.close())).toBe(true);
    expect(log).toEqual(['dispose stuck']);
  });

  it('a rescan retires the old generation at once after its stuck call timed out', async () => {
    const { log, activator, router } = await setup();
    vi.useFakeTimers();
    const call = router.call({ name: 'stuck.wait', input: {} });
    await vi.advanceTimersByTimeAsync(100);
    await call;
    activator.retain([skillRecord({ name: 'stuck' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['dispose stuck']);
  });

  it('a call nobody gave up on delays close() by drainMs (default), not forever', async () => {
    const { log, activator, v1 } = await setup();
    vi.useFakeTimers();
    const active = await activator.activate(v1);
    void active.invoke('stuck.wait', {}, { signal: new AbortController().signal, callId: 'c' });
    const closing = activator.close();
    expect(await settlesNow(closing)).toBe(false);
    await vi.advanceTimersByTimeAsync(DEFAULT_DRAIN_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(log).toEqual(['dispose stuck']);
  });
});
