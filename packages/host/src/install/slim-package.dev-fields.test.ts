// The package.json npm sees in a store folder: dev-only fields out, recorded under one key,
// everything a running skill needs kept as it was.
import { describe, expect, it } from 'vitest';
import { REMOVED_KEY, slimPackageJson } from './slim-package.js';

describe('slimPackageJson', () => {
  it('removes devDependencies, scripts and workspace fields and records them', () => {
    const { packageJson, removed } = slimPackageJson({
      name: 'oc-skill-x',
      version: '1.0.0',
      dependencies: { '@openclaw/skill-sdk': '0.1.0' },
      optionalDependencies: { fsevents: '2.3.3' },
      devDependencies: { vitest: '4.1.12' },
      scripts: { postinstall: 'node setup.js' },
      workspaces: ['packages/*'],
      packageManager: 'pnpm@12.4.2',
    });
    expect(packageJson).toEqual({
      name: 'oc-skill-x',
      version: '1.0.0',
      dependencies: { '@openclaw/skill-sdk': '0.1.0' },
      optionalDependencies: { fsevents: '2.3.3' },
      [REMOVED_KEY]: removed,
    });
    expect(removed).toEqual({
      devDependencies: { vitest: '4.1.12' },
      scripts: { postinstall: 'node setup.js' },
      workspaces: ['packages/*'],
      packageManager: 'pnpm@12.4.2',
    });
  });

  it('leaves a package without dev-only fields unchanged, with no record', () => {
    const raw = { name: 'a', version: '1.0.0', dependencies: { b: '^1.0.0' } };
    expect(slimPackageJson(raw)).toEqual({ packageJson: raw, removed: {} });
  });

  it('keeps the first record when a rewritten package is rewritten again', () => {
    const once = slimPackageJson({ name: 'a', scripts: { test: 'x' } }).packageJson;
    const twice = slimPackageJson({ ...once, devDependencies: { c: '1.0.0' } }).packageJson;
    expect(twice[REMOVED_KEY]).toEqual({ scripts: { test: 'x' }, devDependencies: { c: '1.0.0' } });
  });
});
