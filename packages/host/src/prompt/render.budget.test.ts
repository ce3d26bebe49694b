import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { frameChars, renderEntry } from './blocks.js';
import { fitBudget, shortenDescription } from './budget.js';
import { renderPrompt } from './render.js';

const filler = (topic: string) =>
  `Helps with ${topic} tasks of many kinds. ` +
  `It has a long explanation about ${topic} that goes on and on so that the block is large enough to need trimming when many skills are installed at once.`;

const topics = [
  'calendar',
  'email',
  'github',
  'weather',
  'spotify',
  'notes',
  'pdf',
  'slack',
  'docker',
  'kubernetes',
  'translation',
  'finance',
  'recipes',
  'travel',
  'fitness',
  'music',
  'photos',
  'reminders',
  'shopping',
  'news',
];

function manySkills() {
  return snapshotOf(
    topics.map((t) => skillRecord({ name: `${t}-helper`, description: filler(t) })),
  );
}

describe('renderPrompt budget', () => {
  it('over budget with a query keeps the most relevant skills and the report names the dropped ones', () => {
    const snap = manySkills();
    const full = renderPrompt(snap, { userHome: '/h' });
    expect(full.included).toHaveLength(20);
    const maxChars = Math.floor(full.chars / 4);
    const r = renderPrompt(snap, {
      userHome: '/h',
      maxChars,
      query: 'what is the weather forecast',
    });
    expect(r.chars).toBeLessThanOrEqual(maxChars);
    expect(r.text.length).toBe(r.chars);
    expect(r.included).toContain('weather-helper');
    // Unmatched skills rank after the match, in name order: the last names go first.
    const others = r.included.filter((n) => n !== 'weather-helper');
    for (const { name } of r.omitted) expect(name > others.at(-1)!).toBe(true);
    expect(r.omitted.length).toBeGreaterThan(0);
    expect(r.included.length + r.omitted.length).toBe(20);
    for (const { name, reason } of r.omitted) {
      expect(r.included).not.toContain(name);
      expect(reason).toBe(`over the ${maxChars}-character budget`);
    }
    expect(r.report).toMatch(
      new RegExp(`^Left out ${r.omitted.length} skills over the ${maxChars}-character budget: `),
    );
    for (const { name } of r.omitted.slice(0, 10)) expect(r.report).toContain(name);
    // Block stays in name order whatever the ranking.
    expect([...r.included].sort()).toEqual(r.included);
  });

  it('a different query keeps a different skill', () => {
    const snap = manySkills();
    const maxChars = Math.floor(renderPrompt(snap, { userHome: '/h' }).chars / 4);
    const r = renderPrompt(snap, { userHome: '/h', maxChars, query: 'kubernetes' });
    expect(r.included).toContain('kubernetes-helper');
    expect(r.omitted.map((o) => o.name)).not.toContain('kubernetes-helper');
  });

  it('without a query shortens descriptions first, from the end of the name order', () => {
    const snap = manySkills();
    const full = renderPrompt(snap, { userHome: '/h' });
    const r = renderPrompt(snap, { userHome: '/h', maxChars: full.chars - 100 });
    expect(r.omitted).toEqual([]);
    expect(r.shortened).toEqual(['weather-helper']); // last by name
    expect(r.block).toContain('<description>Helps with weather tasks of many kinds.</description>');
    expect(r.report).toBe(
      `Shortened 1 skill description to fit the ${full.chars - 100}-character budget.`,
    );
  });

  it('drops everything when even one skill does not fit, and says so', () => {
    const r = renderPrompt(manySkills(), { userHome: '/h', maxChars: 50 });
    expect(r.text).toBe('');
    expect(r.block).toBe('');
    expect(r.included).toEqual([]);
    expect(r.omitted).toHaveLength(20);
    expect(r.report).toContain('… and 10 more');
  });

  it('refuses a budget that is not a positive whole number', () => {
    expect(() => renderPrompt(manySkills(), { maxChars: 0 })).toThrow(
      /maxChars must be a positive whole number/,
    );
  });
});

describe('shortenDescription', () => {
  it('keeps the first sentence', () => {
    // A first "sentence" this short is kept with the next one.
    expect(shortenDescription('Weather for a place. Use when: the user asks.')).toBe(
      'Weather for a place. Use when: the user asks.',
    );
    expect(shortenDescription('Gets the current weather. Use when: the user asks.')).toBe(
      'Gets the current weather.',
    );
  });

  it('does not treat an early abbreviation as the end of a sentence', () => {
    expect(shortenDescription('Read PDFs, e.g. invoices and forms. Also more.')).toBe(
      'Read PDFs, e.g. invoices and forms.',
    );
  });

  it('cuts a long sentence to about 160 characters with an ellipsis at a word boundary', () => {
    const s = shortenDescription(`${'word '.repeat(60)}end.`);
    expect(s.length).toBeLessThanOrEqual(160);
    expect(s.endsWith('word…')).toBe(true);
  });

  it('collapses line breaks', () => {
    expect(shortenDescription('Line one\ncontinues here at length. Two.')).toBe(
      'Line one continues here at length.',
    );
  });
});

describe('fitBudget', () => {
  it('gives a kept skill its whole description back when dropping freed the room', () => {
    const a = {
      name: 'a',
      description: `Short first sentence here. ${'More detail. '.repeat(8)}`,
      location: '/s/a/SKILL.md',
    };
    const b = { name: 'b', description: 'word '.repeat(100), location: '/s/b/SKILL.md' };
    const budget = frameChars('openclaw') + renderEntry('openclaw', a).length + 10;
    const r = fitBudget([a, b], { format: 'openclaw', rank: ['a', 'b'], maxChars: budget });
    expect(r.dropped).toEqual(['b']);
    expect(r.shortened).toEqual([]);
    expect(r.kept.map((k) => k.entry)).toEqual([a]);
  });

  it('shortens the least relevant first and stops as soon as it fits', () => {
    const e = (name: string) => ({
      name,
      description: `Does ${name} things well. ${'Detail. '.repeat(20)}`,
      location: `/s/${name}`,
    });
    const entries = [e('a'), e('b'), e('c')];
    const full =
      frameChars('agentskills') +
      entries.reduce((n, x) => n + renderEntry('agentskills', x).length, 0);
    const r = fitBudget(entries, {
      format: 'agentskills',
      rank: ['b', 'a', 'c'],
      maxChars: full - 10,
    });
    expect(r.shortened).toEqual(['c']);
    expect(r.dropped).toEqual([]);
    expect(r.kept.map((k) => k.entry.name)).toEqual(['a', 'b', 'c']);
  });
});
