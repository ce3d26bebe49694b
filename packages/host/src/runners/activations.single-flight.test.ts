import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import type { SkillRecord } from '../catalog/types.js';
import { skillRecord } from '../testing/records.js';
import { createActivator, type ActivatorDeps } from './activations.js';
import type { ActiveSkill, Runner } from './types.js';

function fakeRunner(behaviour: (skill: SkillRecord) => Promise<void> = async () => {}) {
  const log: string[] = [];
  const runner: Runner = {
    kind: 'inline',
    async activate(skill) {
      log.push(`activate ${skill.name}`);
      await behaviour(skill);
      const active: ActiveSkill = {
        skill: skill.name,
        version: skill.version,
        invoke: async (tool, input) => {
          if ((input as { wait?: Promise<void> })?.wait)
            await (input as { wait: Promise<void> }).wait;
          return `${tool} ok`;
        },
        dispose: async () => void log.push(`dispose ${skill.name}`),
      };
      return active;
    },
  };
  return { runner, log };
}

const deps = (runner: Runner, over: Partial<ActivatorDeps> = {}): ActivatorDeps => ({
  runnerFor: () => runner,
  contextFor: () => createTestContext(),
  onDisposeError: () => {},
  ...over,
});
const call = { signal: new AbortController().signal, callId: 'c' };
// One turn of the event loop: every promise job queued before it has run. Ordering, not time.
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('lazy activation', () => {
  it('concurrent first calls share one activation', async () => {
    let finish!: () => void;
    const activating = new Promise<void>((r) => (finish = r));
    const { runner, log } = fakeRunner(() => activating);
    const a = createActivator(deps(runner));
    const skill = skillRecord({ name: 's', tools: ['s.t'] });
    const all = Promise.all([a.activate(skill), a.activate(skill), a.activate(skill)]);
    await nextTurn();
    expect(log).toEqual(['activate s']);
    finish();
    const [x, y, z] = await all;
    expect(log).toEqual(['activate s']);
    expect(x).toBe(y);
    expect(y).toBe(z);
  });

  it('a failed activation is remembered (fails fast, no retry) while other skills work', async () => {
    const { runner, log } = fakeRunner(async (s) => {
      if (s.name === 'bad') throw new SkillError('SKILL_CRASHED', 'bad crashed');
    });
    const a = createActivator(deps(runner));
    const bad = skillRecord({ name: 'bad' });
    const good = skillRecord({ name: 'good' });
    await expect(a.activate(bad)).rejects.toMatchObject({ code: 'SKILL_CRASHED' });
    await expect(a.activate(bad)).rejects.toMatchObject({ code: 'SKILL_CRASHED' });
    expect(await (await a.activate(good)).invoke('good.t', {}, call)).toBe('good.t ok');
    expect(log).toEqual(['activate bad', 'activate good']);
  });

  it('a new record (after a rescan) activates afresh; the old one is disposed once its calls finish', async () => {
    const { runner, log } = fakeRunner();
    const a = createActivator(deps(runner));
    const v1 = skillRecord({ name: 's' });
    const active = await a.activate(v1);
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    const inflight = active.invoke('s.t', { wait }, call);
    const v2 = skillRecord({ name: 's' });
    a.retain([v2]);
    await nextTurn();
    expect(log).toEqual(['activate s']);
    release();
    expect(await inflight).toBe('s.t ok');
    await nextTurn();
    expect(log).toEqual(['activate s', 'dispose s']);
    await a.activate(v2);
    expect(log).toEqual(['activate s', 'dispose s', 'activate s']);
    await a.close();
    expect(log.at(-1)).toBe('dispose s');
  });

  it('a runner that refuses (runnerFor throws) fails that skill only', async () => {
    const { runner } = fakeRunner();
    const a = createActivator(
      deps(runner, {
        runnerFor: (s) => {
          if (s.name === 'sandboxed')
            throw new SkillError('SKILL_UNAVAILABLE', 'no sandbox runner');
          return runner;
        },
      }),
    );
    await expect(a.activate(skillRecord({ name: 'sandboxed' }))).rejects.toMatchObject({
      code: 'SKILL_UNAVAILABLE',
    });
    const ok = await a.activate(skillRecord({ name: 'ok' }));
    expect(await ok.invoke('ok.t', {}, call)).toBe('ok.t ok');
  });

  it('special records (the built-in skill) skip the runner', async () => {
    const { runner, log } = fakeRunner();
    const builtin: ActiveSkill = {
      skill: 'skills',
      version: '1',
      invoke: async () => 'builtin',
      dispose: async () => {},
    };
    const a = createActivator(
      deps(runner, { special: (s) => (s.name === 'skills' ? builtin : undefined) }),
    );
    const active = await a.activate(skillRecord({ name: 'skills' }));
    expect(await active.invoke('skills.search', {}, call)).toBe('builtin');
    expect(log).toEqual([]);
  });
});
