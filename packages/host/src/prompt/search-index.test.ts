import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { compactQuery, skillIndex } from './search-index.js';

describe('skillIndex', () => {
  const snap = snapshotOf([
    skillRecord({
      name: 'github',
      description: 'Work with GitHub issues and pull requests via gh.',
    }),
    skillRecord({ name: 'weather', description: 'Forecasts and current conditions.' }),
    skillRecord({ name: 'notes', description: 'Notes about anything, including github links.' }),
  ]);

  it('ranks by BM25 with the name weighted, best first', () => {
    expect(
      skillIndex(snap)
        .search('github')
        .map((h) => h.skill.name),
    ).toEqual(['github', 'notes']);
  });

  it('is built once per snapshot', () => {
    expect(skillIndex(snap)).toBe(skillIndex(snap));
  });

  it('a long message ranks by its first distinct terms and still finds the match', () => {
    const message = `${'please help me with this today '.repeat(50)} the weather`;
    expect(compactQuery(message)).toBe('please help me with this today the weather');
    expect(skillIndex(snap).search(message)[0]?.skill.name).toBe('weather');
  });

  it('keeps at most 32 terms', () => {
    const q = Array.from({ length: 40 }, (_, i) => `t${i}`).join(' ');
    expect(compactQuery(q).split(' ')).toHaveLength(32);
  });
});
