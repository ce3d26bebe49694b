// A collection of shared dependency copies killed at each of its steps (SIGKILL, in a child
// process): whatever it left, no copy is half deleted, no tree record names a copy that is
// gone, the skill still installed reads its files, and the next collection finishes the job.
// The store is made the way installs make it: npm-shaped node_modules folders shared with
// shareInstalled, then one skill's folder removed as `remove` does.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkSharedTree,
  packageFiles,
  packageFolder,
  shareInstalled,
  type SharedTree,
} from './shared-deps.js';
import { collectShared, sharedSize, type CollectStep } from './shared-gc.js';

const exec = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../../../..');
const GC_MODULE = join(import.meta.dirname, 'shared-gc.ts');
const REGISTRY = 'http://127.0.0.1:9/';
const FILES = ['package.json', 'index.js', 'lib/util.js'];

/** alpha uses a, b and d; beta uses b and c. alpha is removed, so a and d are unused. */
const ALPHA = ['a', 'b', 'd'];
const BETA = ['b', 'c'];
const exact = (names: string[]) => Object.fromEntries(names.map((n) => [`oc-${n}`, '1.0.0']));

let tmp: string;

/** A skill version folder with npm's layout and hidden lockfile, shared into the store. */
async function installSkill(store: string, skill: string, names: string[]): Promise<string> {
  const dir = join(store, skill, '1.0.0');
  const packages: Record<string, { version: string; integrity: string }> = {};
  for (const n of names) {
    const pkg = join(dir, 'node_modules', `oc-${n}`);
    await mkdir(join(pkg, 'lib'), { recursive: true });
    await writeFile(
      join(pkg, 'package.json'),
      JSON.stringify({ name: `oc-${n}`, version: '1.0.0' }),
    );
    await writeFile(join(pkg, 'index.js'), `export const name = '${n}';\n`);
    await writeFile(join(pkg, 'lib/util.js'), `export const util = '${n}-util';\n`);
    packages[`node_modules/oc-${n}`] = { version: '1.0.0', integrity: `sha512-${n}${n}${n}` };
  }
  await writeFile(join(dir, 'node_modules', '.package-lock.json'), JSON.stringify({ packages }));
  await shareInstalled(dir, { storeRoot: store, registry: REGISTRY, dependencies: exact(names) });
  return dir;
}

/** A store where alpha was installed, then removed; beta is installed. */
async function storeAfterRemove(name: string): Promise<string> {
  const store = join(tmp, name);
  await installSkill(store, 'alpha', ALPHA);
  await installSkill(store, 'beta', BETA);
  await rm(join(store, 'alpha'), { recursive: true, force: true });
  return store;
}

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
const pkgRoot = (store: string) => join(store, '.shared', 'pkg');

/** Runs a collection in a child process that kills itself just before step `k` (1-based). */
async function collectKilledAt(store: string, k: number) {
  const code = `
    import { collectShared } from ${JSON.stringify(GC_MODULE)};
    let n = 0;
    await collectShared(process.env.STORE, {
      onStep: () => { if (++n === Number(process.env.KILL_AT)) process.kill(process.pid, 'SIGKILL'); },
    });`;
  return exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: join(tmp, 'home'), STORE: store, KILL_AT: String(k) },
  }).then(
    () => ({ signal: null as string | null }),
    (e: { signal?: string }) => ({ signal: e.signal ?? null }),
  );
}

/** What must hold after any kill: complete copies, records naming only copies that exist. */
async function expectConsistent(store: string): Promise<void> {
  const present = (await list(pkgRoot(store))).filter((n) => !n.endsWith('.tmp'));
  for (const name of present) {
    expect((await packageFiles(join(pkgRoot(store), name)))?.sort()).toEqual([...FILES].sort());
  }
  const trees = join(store, '.shared', 'trees');
  for (const file of await list(trees)) {
    const tree = JSON.parse(await readFile(join(trees, file), 'utf8')) as SharedTree;
    for (const p of tree.packages) expect(present).toContain(packageFolder(p.integrity));
  }
  for (const n of BETA) {
    const util = join(store, 'beta', '1.0.0', 'node_modules', `oc-${n}`, 'lib/util.js');
    expect(await readFile(util, 'utf8')).toBe(`export const util = '${n}-util';\n`);
  }
  // An install of alpha's ranges now either links complete copies or falls back to npm.
  const again = join(tmp, `relink-${Math.random().toString(36).slice(2)}`);
  const linked = await linkSharedTree(again, {
    storeRoot: store,
    registry: REGISTRY,
    dependencies: exact(ALPHA),
    newest: async () => undefined,
  });
  if (linked) {
    for (const n of ALPHA) {
      const files = await packageFiles(join(again, 'node_modules', `oc-${n}`));
      expect(files?.sort()).toEqual([...FILES].sort());
    }
  }
  // Its links would count as a user of the copies; the check installs nothing.
  await rm(again, { recursive: true, force: true });
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-shared-gc-kill-'));
  await mkdir(join(tmp, 'home'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('collecting shared dependency copies', () => {
  it('reports the unused copies in the size, then removes them and the tree record naming them', async () => {
    const store = await storeAfterRemove('plain');
    const before = await sharedSize(store);
    expect(before).toMatchObject({ packages: 4, unusedPackages: 2 });
    expect(before.unusedBytes).toBeGreaterThan(0);
    const steps: CollectStep['step'][] = [];
    const r = await collectShared(store, { onStep: (s) => void steps.push(s.step) });
    expect(r).toEqual({ packages: 2, bytes: before.unusedBytes });
    expect(steps).toEqual([
      'drop-tree',
      'trash-package',
      'trash-package',
      'delete-trash',
      'delete-trash',
    ]);
    expect(await list(pkgRoot(store))).toHaveLength(2);
    expect(await list(join(store, '.shared', 'trees'))).toHaveLength(1);
    expect(await list(join(store, '.shared', 'trash'))).toEqual([]);
    expect(await sharedSize(store)).toMatchObject({ packages: 2, unusedPackages: 0 });
    await expectConsistent(store);
  });

  it('keeps every copy while the skills that link to them are installed', async () => {
    const store = join(tmp, 'both');
    await installSkill(store, 'alpha', ALPHA);
    await installSkill(store, 'beta', BETA);
    expect(await collectShared(store)).toEqual({ packages: 0, bytes: 0 });
    expect(await list(pkgRoot(store))).toHaveLength(4);
    expect(await list(join(store, '.shared', 'trees'))).toHaveLength(2);
  });

  for (const k of [1, 2, 3, 4, 5]) {
    it(`killed before step ${k} of 5, leaves a consistent store that the next collection finishes`, async () => {
      const store = await storeAfterRemove(`kill-${k}`);
      expect(await collectKilledAt(store, k)).toEqual({ signal: 'SIGKILL' });
      await expectConsistent(store);
      await collectShared(store);
      await expectConsistent(store);
      expect(await list(pkgRoot(store))).toHaveLength(BETA.length);
      expect(await list(join(store, '.shared', 'trees'))).toHaveLength(1);
      expect(await list(join(store, '.shared', 'trash'))).toEqual([]);
    }, 30_000);
  }
});
