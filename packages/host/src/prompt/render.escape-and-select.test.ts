import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf, testSource } from '../testing/records.js';
import { renderPrompt } from './render.js';

describe('renderPrompt escaping', () => {
  const snap = snapshotOf([
    skillRecord({
      name: 'r&d',
      description: `Fish & chips <b>"bold"</b> it's`,
      dir: `/srv/o'brien/r&d`,
      location: `/srv/o'brien/r&d/SKILL.md`,
    }),
  ]);

  it('openclaw escapes & < > " \' as XML entities in name, description and location', () => {
    const { block } = renderPrompt(snap, { userHome: '/home/u' });
    expect(block).toContain('<name>r&amp;d</name>');
    expect(block).toContain(
      '<description>Fish &amp; chips &lt;b&gt;&quot;bold&quot;&lt;/b&gt; it&apos;s</description>',
    );
    expect(block).toContain('<location>/srv/o&apos;brien/r&amp;d/SKILL.md</location>');
  });

  it('agentskills escapes name and description with &#x27; and leaves the location as is', () => {
    const { block } = renderPrompt(snap, { format: 'agentskills' });
    expect(block).toContain('\nr&amp;d\n');
    expect(block).toContain('\nFish &amp; chips &lt;b&gt;&quot;bold&quot;&lt;/b&gt; it&#x27;s\n');
    expect(block).toContain(`\n/srv/o'brien/r&d/SKILL.md\n`);
  });
});

describe('renderPrompt selection', () => {
  it('lists ready, unshadowed, non-builtin skills in name order', () => {
    const snap = snapshotOf([
      skillRecord({ name: 'zeta' }),
      skillRecord({ name: 'alpha', tools: ['alpha.run'] }),
      skillRecord({ name: 'off', status: 'disabled' }),
      skillRecord({ name: 'nobin', status: 'ineligible' }),
      skillRecord({ name: 'broken', status: 'invalid' }),
      skillRecord({
        name: 'skills',
        source: testSource({ kind: 'builtin', dir: '<builtin>', precedence: -1 }),
      }),
      skillRecord({ name: 'mid', description: 'winner' }),
      skillRecord({
        name: 'mid',
        description: 'loser',
        source: testSource({ kind: 'extra', dir: '/x', precedence: 5 }),
      }),
    ]);
    const r = renderPrompt(snap, { userHome: '/h' });
    expect(r.included).toEqual(['alpha', 'mid', 'zeta']);
    expect(r.block).toContain('<description>winner</description>');
    expect(r.block).not.toContain('loser');
  });

  it('offers nothing, not an empty element, when no skill is ready', () => {
    const r = renderPrompt(snapshotOf([skillRecord({ name: 'off', status: 'disabled' })]));
    expect(r).toMatchObject({ text: '', block: '', included: [], chars: 0 });
  });
});

describe('renderPrompt caching', () => {
  it('answers the same object for the same options on a snapshot, and a query that is not needed shares it', () => {
    const snap = snapshotOf([skillRecord({ name: 'a' }), skillRecord({ name: 'b' })]);
    const first = renderPrompt(snap, { userHome: '/h' });
    expect(renderPrompt(snap, { userHome: '/h' })).toBe(first);
    expect(renderPrompt(snap, { userHome: '/h', query: 'anything' })).toBe(first);
    expect(renderPrompt(snap, { userHome: '/h', format: 'agentskills' })).not.toBe(first);
    expect(Object.isFrozen(first.included)).toBe(true);
  });

  it('renders 1,000 skills once per snapshot and query, then answers from the cache', () => {
    const snap = snapshotOf(
      Array.from({ length: 1000 }, (_, i) =>
        skillRecord({
          name: `skill-${i}`,
          description: `Does thing number ${i}. ${'More words about it. '.repeat(5)}`,
        }),
      ),
    );
    const cold = renderPrompt(snap, { query: 'thing 42' });
    expect(cold.omitted.length).toBeGreaterThan(0);
    // Rendered once per snapshot and query; its speed is the `prompt.cached.1000` bench figure.
    expect(renderPrompt(snap, { query: 'thing 42' })).toBe(cold);
  });
});
