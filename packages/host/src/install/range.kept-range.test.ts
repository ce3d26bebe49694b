import { describe, expect, it } from 'vitest';
import { keptRange, leavingRangeWarning, rangeAfter, rangeOfSpec, updateSpec } from './range.js';
import type { LockEntry } from './types.js';

const entry = (o: Partial<LockEntry>): LockEntry => ({
  name: 'weather',
  package: 'oc-skill-weather',
  version: '1.2.0',
  resolved: 'http://127.0.0.1/t.tgz',
  integrity: 'sha512-x',
  time: '2026-01-01T00:00:00.000Z',
  spec: 'oc-skill-weather@^1',
  registry: 'http://127.0.0.1/',
  ...o,
});

describe('rangeOfSpec', () => {
  it('keeps a range as typed, latest for none, ^version for an exact version, a tag as is', () => {
    expect(rangeOfSpec('oc-skill-weather@^1')).toBe('^1');
    expect(rangeOfSpec('@acme/weather@~1.2')).toBe('~1.2');
    expect(rangeOfSpec('oc-skill-weather')).toBe('latest');
    expect(rangeOfSpec('oc-skill-weather@*')).toBe('latest');
    expect(rangeOfSpec('oc-skill-weather@1.2.0')).toBe('^1.2.0');
    expect(rangeOfSpec('oc-skill-weather@next')).toBe('next');
  });
});

describe('keptRange and updateSpec', () => {
  it('an entry without range derives it from its spec; --latest asks for the latest tag', () => {
    expect(keptRange(entry({}))).toBe('^1');
    expect(keptRange(entry({ range: '~1.2.0' }))).toBe('~1.2.0');
    expect(updateSpec(entry({ range: '~1.2.0' }), false)).toBe('oc-skill-weather@~1.2.0');
    expect(updateSpec(entry({ range: '~1.2.0' }), true)).toBe('oc-skill-weather@latest');
  });
});

describe('rangeAfter', () => {
  it('update keeps the range; --latest keeps ^new (or the tag it had); install records the spec', () => {
    expect(rangeAfter({ spec: 'x@2.0.0', version: '2.0.0', keep: '^1' })).toBe('^1');
    expect(rangeAfter({ spec: 'x@latest', version: '2.0.0', leaving: '^1' })).toBe('^2.0.0');
    expect(rangeAfter({ spec: 'x@latest', version: '2.0.0', leaving: 'next' })).toBe('next');
    expect(rangeAfter({ spec: 'x@^1', version: '1.4.0' })).toBe('^1');
  });
});

describe('leavingRangeWarning', () => {
  it('is empty inside the range or for a tag; outside it names the range and both majors', () => {
    expect(leavingRangeWarning({ name: 'w', range: '^1', from: '1.0.0', to: '1.5.0' })).toEqual([]);
    expect(leavingRangeWarning({ name: 'w', range: 'latest', from: '1.0.0', to: '2.0.0' })).toEqual(
      [],
    );
    expect(leavingRangeWarning({ name: 'w', range: '~1.0.0', from: '1.0.0', to: '1.1.0' })).toEqual(
      [
        {
          code: 'RANGE_LEFT',
          message:
            'update --latest leaves the range ~1.0.0 w was installed with for 1.1.0 (was 1.0.0); the lockfile will keep ^1.1.0.',
        },
      ],
    );
    expect(
      leavingRangeWarning({ name: 'w', range: '^1', from: '1.0.0', to: '3.0.0' })[0]!.message,
    ).toContain('a new major version, 1 -> 3');
  });
});
