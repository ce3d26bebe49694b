// What the scaffolder leaves of the template's lockfile, through main (no install, no git).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main, type MainIo } from './main.js';
import type { Lockfile } from './lockfile.js';

const REGISTRY = 'http://127.0.0.1:4873/';
let cwd: string;

const io = (): MainIo => ({
  out: () => {},
  err: () => {},
  cwd,
  env: { npm_config_registry: REGISTRY },
  isTTY: false,
});

const create = (pm: string, ...more: string[]) =>
  main(
    ['my-skill', '--template', 'tool', '--yes', '--no-git', '--skip-install', '--pm', pm, ...more],
    io(),
  );

beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'oc-main-lockfile-'));
});
afterEach(() => rm(cwd, { recursive: true, force: true }));

describe('the scaffolded package-lock.json', () => {
  it('is written for npm, every package fetched from the registry npm uses', async () => {
    expect(await create('npm', '--registry-deps')).toBe(0);
    const lock = JSON.parse(
      await readFile(join(cwd, 'my-skill/package-lock.json'), 'utf8'),
    ) as Lockfile;
    const pkg = JSON.parse(await readFile(join(cwd, 'my-skill/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(lock.packages['']!.dependencies).toEqual(pkg.dependencies);
    const sdk = lock.packages['node_modules/@openclaw/skill-sdk']!;
    expect(sdk.version).toBe(pkg.dependencies['@openclaw/skill-sdk']);
    expect(sdk.resolved).toBe(`${REGISTRY}@openclaw/skill-sdk/-/skill-sdk-${sdk.version}.tgz`);
    const unresolved = Object.entries(lock.packages).filter(([p, e]) => p && !e.resolved);
    expect(unresolved).toEqual([]);
  });

  it('is not written for pnpm, which does not read it', async () => {
    expect(await create('pnpm', '--registry-deps')).toBe(0);
    expect(existsSync(join(cwd, 'my-skill/package.json'))).toBe(true);
    expect(existsSync(join(cwd, 'my-skill/package-lock.json'))).toBe(false);
  });
});
