import { describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

const skills = () => [
  skillRecord({ name: 'gmail', tools: ['gmail.list', 'gmail.send', 'gmail.search'] }),
  skillRecord({ name: 'weather', tools: ['weather.forecast', 'weather.current'] }),
  skillRecord({
    name: 'calendar',
    status: 'ineligible',
    tools: ['calendar.events'],
    problems: [
      {
        code: 'REQUIRES_ENV',
        severity: 'error',
        message: 'Needs env GOOGLE_CLIENT_ID',
        file: '/x/SKILL.md',
      },
    ],
  }),
];

describe('router lookup', () => {
  it('finds a tool by canonical and by wire name', async () => {
    const h = await harness({ skills: skills(), tools: { 'gmail.list': () => 'inbox' } });
    const byCanonical = await h.router.call({ name: 'gmail.list', input: {} });
    const byWire = await h.router.call({ name: 'gmail_list', input: {} });
    expect(byCanonical).toMatchObject({ isError: false, name: 'gmail.list', text: 'inbox' });
    expect(byWire).toMatchObject({ isError: false, name: 'gmail.list', text: 'inbox' });
  });

  it.each([
    ['gmail.lst', 'gmail.list'],
    ['gmail_snd', 'gmail_send'],
    ['weather.forcast', 'weather.forecast'],
  ])(
    'unknown %s is TOOL_NOT_FOUND suggesting %s first, and only tools a few edits away',
    async (asked, best) => {
      const h = await harness({ skills: skills() });
      const r = await h.router.call({ name: asked, input: {}, id: 'c1' });
      expect(r).toMatchObject({ isError: true, code: 'TOOL_NOT_FOUND', id: 'c1', name: asked });
      if (!r.isError) throw new Error('expected failure');
      const suggestions = r.details?.suggestions as string[];
      expect(suggestions[0]).toBe(best);
      expect(suggestions).not.toContain('weather.current');
      expect(suggestions).not.toContain('weather_current');
      expect(r.hint).toContain(`"${best}"`);
    },
  );

  it('a tool that does not exist (a removed one) suggests no unrelated tool and says to use the listed ones', async () => {
    const h = await harness({ skills: skills() });
    for (const asked of ['gmail.archive', 'nope.x']) {
      const r = await h.router.call({ name: asked, input: {} });
      if (!r.isError) throw new Error('expected failure');
      expect(r.code).toBe('TOOL_NOT_FOUND');
      expect(r.details?.suggestions).toEqual([]);
      expect(r.hint).toBe(
        'No tool of that name or a similar one exists; call only tools listed in your tool definitions, or answer without tools.',
      );
    }
  });

  it('a tool of a skill that is not ready is SKILL_UNAVAILABLE with its first problem', async () => {
    const h = await harness({ skills: skills() });
    for (const name of ['calendar.events', 'calendar_events']) {
      const r = await h.router.call({ name, input: {} });
      expect(r).toMatchObject({ isError: true, code: 'SKILL_UNAVAILABLE' });
      if (r.isError) expect(r.message).toContain('Needs env GOOGLE_CLIENT_ID');
    }
    expect(h.invoked).toHaveLength(0);
  });

  it('generates a call id when none is given', async () => {
    const h = await harness({ skills: skills(), tools: { 'gmail.list': () => 'x' } });
    const [a, b] = await Promise.all([
      h.router.call({ name: 'gmail.list', input: {} }),
      h.router.call({ name: 'gmail.list', input: {} }),
    ]);
    expect(a!.id).toMatch(/^call_[0-9a-f]{12}_[0-9a-z]+$/);
    expect(a!.id).not.toBe(b!.id);
    expect(h.invoked[0]!.call.callId).toBe(a!.id);
  });
});
