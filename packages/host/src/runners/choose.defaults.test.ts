// Which runner a skill gets: registry installs in the sandbox, local folders in a worker,
// trusted skills inline; the per-skill setting wins, then trust, then the global setting.
import { describe, expect, it } from 'vitest';
import { skillRecord, testSource } from '../testing/records.js';
import { grantsFor, runnerKindFor } from './choose.js';

const store = skillRecord({ name: 'a', source: testSource({ kind: 'store' }) });
const local = skillRecord({ name: 'a', source: testSource({ kind: 'workspace' }) });
const extra = skillRecord({ name: 'a', source: testSource({ kind: 'extra' }) });

describe('runnerKindFor', () => {
  it('defaults: store -> sandbox, workspace and extra folders -> worker', () => {
    expect([store, local, extra].map((s) => runnerKindFor(s, {}))).toEqual([
      'sandbox',
      'worker',
      'worker',
    ]);
  });

  it('trusted -> inline, over the global runner', () => {
    expect(runnerKindFor(store, { runner: 'worker', skills: { a: { trusted: true } } })).toBe(
      'inline',
    );
  });

  it('the per-skill runner wins over trust and the global runner', () => {
    const config = {
      runner: 'inline',
      skills: { a: { trusted: true, runner: 'sandbox' } },
    } as const;
    expect(runnerKindFor(local, config)).toBe('sandbox');
  });

  it('the global runner applies to every untrusted skill without its own setting', () => {
    expect(runnerKindFor(store, { runner: 'worker' })).toBe('worker');
    expect(runnerKindFor(local, { runner: 'sandbox' })).toBe('sandbox');
  });
});

describe('grantsFor', () => {
  it('grants the hosts of URLs the user set in the skill config, with their ports', () => {
    const grants = grantsFor(local, {
      skills: { a: { config: { forecastUrl: 'http://127.0.0.1:8123/v1', units: 'metric' } } },
    });
    expect(grants.network).toEqual(['127.0.0.1:8123']);
  });
});
