import { describe, expect, it } from 'vitest';
import { canPrompt, detectPackageManager, parseOptions } from './options.js';
import { descriptionProblem, nameProblem } from './names.js';

describe('package manager detection', () => {
  it.each([
    ['pnpm/12.4.2 npm/? node/v20.20.2 linux x64', 'pnpm'],
    ['yarn/1.22.22 npm/? node/v20.20.2 linux x64', 'yarn'],
    ['npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', 'npm'],
    ['bun/1.2.0 npm/? node/v22 linux x64', 'npm'],
    [undefined, 'npm'],
  ])('reads %j as %s (unknown managers fall back to npm)', (agent, pm) => {
    expect(detectPackageManager(agent)).toBe(pm);
  });
});

describe('prompting', () => {
  it('prompts only with a terminal, outside CI and without --yes', () => {
    expect(canPrompt({ yes: false }, true, {})).toBe(true);
    expect(canPrompt({ yes: true }, true, {})).toBe(false);
    expect(canPrompt({ yes: false }, false, {})).toBe(false);
    expect(canPrompt({ yes: false }, true, { CI: 'true' })).toBe(false);
    expect(canPrompt({ yes: false }, true, { CI: 'false' })).toBe(true);
  });
});

describe('options', () => {
  it('parses the create-vite style flags into plain data', () => {
    expect(
      parseOptions([
        'my-skill',
        '-t',
        'oauth',
        '--yes',
        '--pm',
        'pnpm',
        '--skip-install',
        '--no-git',
        '--registry-deps',
      ]),
    ).toEqual({
      dir: 'my-skill',
      template: 'oauth',
      packageManager: 'pnpm',
      yes: true,
      git: false,
      install: false,
      registryDeps: true,
      help: false,
      version: false,
    });
  });

  it('refuses an unknown flag and a second folder', () => {
    expect(() => parseOptions(['a', '--force'])).toThrow(/Unknown option '--force'/);
    expect(() => parseOptions(['a', 'b'])).toThrow('Expected one folder name, got 2.');
  });

  it('reports a second folder as a SkillError with code USAGE and a --help hint', () => {
    expect(() => parseOptions(['a', 'b'])).toThrow(
      expect.objectContaining({ code: 'USAGE', hint: 'Run with --help for usage.' }),
    );
  });
});

describe('names', () => {
  it.each(['my-skill', 'weather', 'a1', 'x'.repeat(64)])('accepts %s', (name) => {
    expect(nameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'it is empty'],
    ['-lead', 'npm package names: name cannot start with a hyphen'],
    ['trail-', 'skill names use lowercase letters, digits and single hyphens'],
    ['under_score', 'skill names use lowercase letters, digits and single hyphens'],
    ['@scope/pkg', 'skill names use lowercase letters, digits and single hyphens'],
    ['http', 'npm package names: http is a core module name'],
  ])('refuses %j: %s', (name, reason) => {
    expect(nameProblem(name)).toContain(reason);
  });

  it('keeps descriptions safe for JSON and YAML', () => {
    expect(descriptionProblem('Says hi. Use when greeting.')).toBeUndefined();
    expect(descriptionProblem('a "quoted" word')).toContain('quotes');
    expect(descriptionProblem('line\nbreak')).toContain('control characters');
    expect(descriptionProblem(' ')).toBe('it is empty');
  });
});
