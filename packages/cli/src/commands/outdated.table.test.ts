import { describe, expect, it } from 'vitest';
import { formatOutdated } from './outdated.js';

describe('formatOutdated', () => {
  it('prints one aligned row per install and names the command that crosses the range', () => {
    const text = formatOutdated([
      {
        name: 'counter',
        package: 'oc-skill-counter',
        current: '1.0.0',
        range: '^1.0.0',
        wanted: '1.1.0',
        latest: '2.0.0',
        registry: 'http://127.0.0.1:1/',
      },
    ]);
    expect(text).toBe(
      [
        'Skill    Current  Wanted  Latest  Range   Package',
        'counter  1.0.0    1.1.0   2.0.0   ^1.0.0  oc-skill-counter',
        'counter: 2.0.0 is outside ^1.0.0; openclaw-skill update counter --latest installs it',
        '',
      ].join('\n'),
    );
  });

  it('says when nothing is installed from a registry', () => {
    expect(formatOutdated([])).toBe('No skill is installed from a registry.\n');
  });
});
