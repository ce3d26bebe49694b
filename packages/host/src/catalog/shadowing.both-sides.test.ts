import { describe, expect, it } from 'vitest';
import type { SkillRecord } from './types.js';
import { shadowWarnings } from './shadowing.js';

const record = (o: { name: string; kind: string; dir: string; shadowedBy?: string }) =>
  ({
    name: o.name,
    dir: o.dir,
    source: { kind: o.kind },
    ...(o.shadowedBy && { shadowedBy: o.shadowedBy }),
  }) as unknown as SkillRecord;

describe('shadowWarnings', () => {
  it('warns on both the winner and the hidden skill, naming both sources and folders', () => {
    const ws = record({ name: 'gmail', kind: 'workspace', dir: '/w/skills/gmail' });
    const store = record({
      name: 'gmail',
      kind: 'store',
      dir: '/h/store/gmail/current',
      shadowedBy: '/w/skills/gmail',
    });
    const other = record({ name: 'weather', kind: 'store', dir: '/h/store/weather/current' });
    const out = shadowWarnings([ws, store, other]);
    expect(out.get('/w/skills/gmail')).toEqual([
      {
        code: 'SHADOWS_SKILL',
        message:
          'gmail from workspace (/w/skills/gmail) shadows gmail from store (/h/store/gmail/current), which does not serve.',
      },
    ]);
    expect(out.get('/h/store/gmail/current')).toEqual([
      {
        code: 'SHADOWED_BY_SKILL',
        message:
          'gmail from store (/h/store/gmail/current) is shadowed by gmail from workspace (/w/skills/gmail): it does not serve while that one is there.',
      },
    ]);
    expect(out.has('/h/store/weather/current')).toBe(false);
  });

  it('a winner hiding two skills carries one warning per hidden skill', () => {
    const a = record({ name: 'notes', kind: 'workspace', dir: '/a' });
    const b = record({ name: 'notes', kind: 'user', dir: '/b', shadowedBy: '/a' });
    const c = record({ name: 'notes', kind: 'store', dir: '/c', shadowedBy: '/a' });
    expect(
      shadowWarnings([a, b, c])
        .get('/a')
        ?.map((w) => w.message),
    ).toEqual([
      'notes from workspace (/a) shadows notes from user (/b), which does not serve.',
      'notes from workspace (/a) shadows notes from store (/c), which does not serve.',
    ]);
  });
});
