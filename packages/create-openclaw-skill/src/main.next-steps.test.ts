// The "Next steps" block the scaffolder prints last: commands in one column, their comments
// in the next, whatever the package manager's name.
import { describe, expect, it } from 'vitest';
import { nextSteps } from './main.js';
import type { ScaffoldPlan } from './scaffold.js';
import { USAGE } from './options.js';

const plan = (packageManager: ScaffoldPlan['packageManager']): ScaffoldPlan => ({
  name: 'my-skill',
  targetDir: '/work/my-skill',
  template: 'tool',
  description: 'Greets.',
  git: false,
  install: true,
  packageManager,
});

/** The column each comment starts at, for the indented lines that have one. */
const commentColumns = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^ {2}\S.*\S {2,}\S/.test(l))
    .map((l) => /^ {2}\S+(?: \S+)* {2,}/.exec(l)![0].length);

describe('nextSteps', () => {
  it.each(['npm', 'pnpm', 'yarn'] as const)(
    'starts every comment in the same column with %s (test, validate, release)',
    (pm) => {
      const text = nextSteps(plan(pm), '/work', true);
      const columns = commentColumns(text);
      expect(columns).toHaveLength(3);
      expect(new Set(columns).size).toBe(1);
    },
  );

  it('prints the npm block exactly, comments at column 24', () => {
    expect(nextSteps(plan('npm'), '/work', true)).toBe(
      [
        '',
        'Created my-skill from the "tool" template in my-skill.',
        '',
        'Next steps:',
        '  cd my-skill',
        "  npm test                run the tool's tests (fake config, storage and auth)",
        '  npm run validate        build, then check it as the host and registry will',
        '  npm run release         publish with changesets (see README.md)',
        '',
      ].join('\n'),
    );
  });
});

describe('the --help text', () => {
  it('describes the oauth template as calling an OAuth API with per-tool scopes, within 80 columns', () => {
    expect(USAGE).toContain('oauth (calls an OAuth API with per-tool scopes)');
    expect(USAGE.split('\n').filter((l) => l.length > 80)).toEqual([]);
  });
});
