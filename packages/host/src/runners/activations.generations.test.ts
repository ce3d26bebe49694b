import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import { skillRecord } from '../testing/records.js';
import { createActivator } from './activations.js';
import type { ActiveSkill, Runner } from './types.js';

function versionedRunner() {
  const log: string[] = [];
  const runner: Runner = {
    kind: 'inline',
    async activate(skill) {
      log.push(`activate ${skill.version}`);
      const active: ActiveSkill = {
        skill: skill.name,
        version: skill.version,
        invoke: async (_tool, input) => {
          const wait = (input as { wait?: Promise<void> } | undefined)?.wait;
          if (wait) await wait;
          return skill.version;
        },
        dispose: async () => void log.push(`dispose ${skill.version}`),
      };
      return active;
    },
  };
  return { runner, log };
}

const call = { signal: new AbortController().signal, callId: 'c' };
const flush = () => new Promise((r) => setImmediate(r));

afterEach(() => vi.useRealTimers());

describe('generations in the activator', () => {
  it('a retired record activated after the swap gets its draining generation, then the current one once it is gone', async () => {
    const { runner, log } = versionedRunner();
    const a = createActivator({
      runnerFor: () => runner,
      contextFor: () => createTestContext(),
      onDisposeError: () => {},
    });
    const v1 = skillRecord({ name: 's', version: '1.0.0' });
    const v2 = skillRecord({ name: 's', version: '2.0.0' });
    a.retain([v1]);
    let release!: () => void;
    const held = (await a.activate(v1)).invoke(
      's.t',
      { wait: new Promise<void>((r) => (release = r)) },
      call,
    );
    a.retain([v2]);
    // A call that looked v1 up before the swap: v1 is still draining, so it runs on v1.
    expect(await (await a.activate(v1)).invoke('s.t', {}, call)).toBe('1.0.0');
    release();
    expect(await held).toBe('1.0.0');
    await flush();
    expect(log).toEqual(['activate 1.0.0', 'dispose 1.0.0']);
    // v1 is gone now: a late call for it runs on v2 instead of loading v1 again.
    expect(await (await a.activate(v1)).invoke('s.t', {}, call)).toBe('2.0.0');
    expect(log).toEqual(['activate 1.0.0', 'dispose 1.0.0', 'activate 2.0.0']);
  });

  it('a late call for a removed skill is SKILL_UNAVAILABLE, not a reload of the removed code', async () => {
    const { runner, log } = versionedRunner();
    const a = createActivator({
      runnerFor: () => runner,
      contextFor: () => createTestContext(),
      onDisposeError: () => {},
    });
    const v1 = skillRecord({ name: 's', version: '1.0.0' });
    a.retain([v1]);
    await a.activate(v1);
    a.retain([]);
    await flush();
    await expect(a.activate(v1)).rejects.toMatchObject({ code: 'SKILL_UNAVAILABLE' });
    expect(log).toEqual(['activate 1.0.0', 'dispose 1.0.0']);
  });

  it('a generation whose call never settles is disposed after drainMs, and the timeout is reported', async () => {
    vi.useFakeTimers();
    const { runner, log } = versionedRunner();
    const timeouts: [string, number][] = [];
    const a = createActivator({
      runnerFor: () => runner,
      contextFor: () => createTestContext(),
      onDisposeError: () => {},
      drainMs: 1_000,
      onDrainTimeout: (skill, n) => timeouts.push([skill, n]),
    });
    const v1 = skillRecord({ name: 's', version: '1.0.0' });
    a.retain([v1]);
    void (await a.activate(v1)).invoke('s.t', { wait: new Promise<void>(() => {}) }, call);
    a.retain([skillRecord({ name: 's', version: '2.0.0' })]);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual(['activate 1.0.0']);
    await vi.advanceTimersByTimeAsync(1);
    expect(timeouts).toEqual([['s', 1]]);
    expect(log).toEqual(['activate 1.0.0', 'dispose 1.0.0']);
  });
});
