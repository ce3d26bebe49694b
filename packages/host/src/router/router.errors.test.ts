// Failures become results: skill errors keep their code, thrown errors are SKILL_ERROR,
// activation failures keep the runner's code, and nothing ever throws out of the router.
import { SkillError } from '@openclaw/skill-sdk';
import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { harness } from './router.fixtures.js';
import { createRouter } from './router.js';
import { captureLogger } from './router.fixtures.js';

const skills = () => [
  skillRecord({
    name: 'mail',
    tools: [{ name: 'mail.list', auth: { provider: 'google', scopes: ['gmail.readonly'] } }],
  }),
];

describe('failures as results', () => {
  it('a SkillError AUTH_REQUIRED from the skill keeps its code and hint', async () => {
    const h = await harness({
      skills: skills(),
      tools: {
        'mail.list': () => {
          throw new SkillError('AUTH_REQUIRED', 'Not signed in to google.', {
            hint: 'run `openclaw-skill auth login mail`',
          });
        },
      },
    });
    expect(await h.router.call({ name: 'mail.list', input: {} })).toMatchObject({
      isError: true,
      code: 'AUTH_REQUIRED',
      message: 'Not signed in to google.',
      hint: 'run `openclaw-skill auth login mail`',
    });
  });

  it('a thrown Error (or anything thrown) is SKILL_ERROR with its message', async () => {
    const h = await harness({
      skills: skills(),
      tools: {
        'mail.list': () => {
          throw new TypeError('cannot read properties of undefined');
        },
      },
    });
    const r = await h.router.call({ name: 'mail.list', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_ERROR' });
    if (r.isError) expect(r.message).toContain('cannot read properties of undefined');
  });

  it('activation failure keeps the runner code; a plain error is SKILL_CRASHED', async () => {
    const crashed = await harness({
      skills: skills(),
      activate: async () => {
        throw new SkillError('SKILL_UNAVAILABLE', 'mail is being reloaded');
      },
    });
    expect(await crashed.router.call({ name: 'mail.list', input: {} })).toMatchObject({
      code: 'SKILL_UNAVAILABLE',
      message: 'mail is being reloaded',
    });
    const plain = await harness({
      skills: skills(),
      activate: async () => {
        throw new Error('Cannot find module ./dist/index.js');
      },
    });
    const r = await plain.router.call({ name: 'mail.list', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_CRASHED' });
    if (r.isError) expect(r.message).toContain('Cannot find module');
  });

  it('activates lazily, once per skill record: later calls reuse it; a new record activates again', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.list': () => 'x' } });
    expect(h.activations).toBe(0);
    await h.router.call({ name: 'mail.list', input: {} });
    await h.router.call({ name: 'mail.list', input: {} });
    expect(h.activations).toBe(1);
    h.setSnapshot(snapshotOf(skills()));
    expect(await h.router.call({ name: 'mail.list', input: {} })).toMatchObject({ text: 'x' });
    expect(h.activations).toBe(2);
  });

  it('a failed activation is asked again on the next call (the host decides whether to retry)', async () => {
    let attempts = 0;
    const h = await harness({
      skills: skills(),
      activate: async () => {
        attempts++;
        throw new Error('not built');
      },
    });
    await h.router.call({ name: 'mail.list', input: {} });
    await h.router.call({ name: 'mail.list', input: {} });
    expect(attempts).toBe(2);
  });

  it('hands the tool its call id and session', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.list': () => 'x' } });
    await h.router.call(
      { name: 'mail.list', input: { q: 1 }, id: 'toolu_1' },
      { sessionId: 'sess' },
    );
    expect(h.invoked[0]).toMatchObject({
      tool: 'mail.list',
      input: { q: 1 },
      call: { callId: 'toolu_1', session: 'sess' },
    });
  });

  it('never throws: a broken snapshot source is INTERNAL, logged; bad arguments are results', async () => {
    const logs: Parameters<typeof captureLogger>[0] = [];
    const router = createRouter({
      snapshot: () => {
        throw new Error('catalog exploded');
      },
      activate: async () => {
        throw new Error('unused');
      },
      home: '/nonexistent-home-for-test',
      config: { audit: { enabled: false } },
      logger: captureLogger(logs),
      secretValues: () => [],
    });
    const r = await router.call({ name: 'x.y', input: {}, id: 'i1' });
    expect(r).toMatchObject({ id: 'i1', isError: true, code: 'INTERNAL' });
    if (r.isError) expect(r.message).toContain('catalog exploded');
    expect(logs.some((l) => l.level === 'error')).toBe(true);
    const many = await router.callMany([{ name: 'a', input: 1 }, null as never]);
    expect(many.map((m) => m.isError)).toEqual([true, true]);
    await expect(router.callMany(undefined as never)).resolves.toEqual([]);
    await router.close();
  });

  it('serves the new snapshot after a reload', async () => {
    const h = await harness({
      skills: skills(),
      tools: { 'mail.list': () => 'x', 'mail.send': () => 'sent' },
    });
    expect(await h.router.call({ name: 'mail.send', input: {} })).toMatchObject({
      code: 'TOOL_NOT_FOUND',
    });
    h.setSnapshot(snapshotOf([skillRecord({ name: 'mail', tools: ['mail.list', 'mail.send'] })]));
    expect(await h.router.call({ name: 'mail.send', input: {} })).toMatchObject({
      isError: false,
      text: 'sent',
    });
  });
});
