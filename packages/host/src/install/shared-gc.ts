// Collecting the shared dependency copies (shared-deps.ts) that no skill uses any more.
//
// Every file of a shared copy is a hard link, and every skill version folder that uses the
// copy (the serving one, those kept for rollback, one being staged) holds another link to
// each of its files. A file's link count is therefore its reference count: a copy whose files
// all have a count of one is used by no version in the store, whatever the lockfile says, so
// nothing has to be listed or parsed to know it. A skill that got a plain copy instead (a
// file system without hard links) never depended on the shared folder and loses nothing.
//
// Crash safety, in this order: the tree records that name a collected copy go first (no
// install picks the copy after that); then the copy is renamed into `.shared/trash/` (one
// atomic step: a copy is either complete in `pkg/` or gone from it) and only then deleted.
// A kill at any point leaves a copy that the next collection removes, a trash folder it
// empties, or a tree record it drops; never a half-deleted copy an install could link from.
// Skills only ever hold hard links, so nothing they hold can dangle.
import { lstat, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pidAlive } from '../pid-alive.js';
import { packageFiles, packageFolder, sharedRoot, type SharedTree } from './shared-deps.js';

/** One step of a collection, before it is taken (for progress, and for crash tests). */
export interface CollectStep {
  step: 'drop-tree' | 'trash-package' | 'delete-trash';
  /** The tree record, package folder or trash entry. */
  detail: string;
}

export interface CollectOptions {
  onStep?: (s: CollectStep) => void | Promise<void>;
}

export interface CollectResult {
  /** Package folders removed. */
  packages: number;
  bytes: number;
}

export interface SharedSize {
  packages: number;
  bytes: number;
  /** Of those, the packages no installed skill version links to (the next collection's). */
  unusedPackages: number;
  unusedBytes: number;
}

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** A temp folder a share left (`<folder>.<pid>.tmp`), when its process is gone. */
function isStaleTemp(name: string): boolean {
  const m = /\.(\d+)\.tmp$/.exec(name);
  return m !== null && !pidAlive(Number(m[1]));
}

/**
 * Whether any installed version links to this copy, and the bytes it holds. With `quick`, a
 * used copy is answered at its first linked file (its size is then not counted), so the
 * collection after each change reads little more than one file per copy.
 */
async function usage(dir: string, quick: boolean): Promise<{ used: boolean; bytes: number }> {
  // Every npm package has a package.json at its root: one lstat answers for most copies.
  const manifest = quick
    ? await lstat(join(dir, 'package.json')).catch(() => undefined)
    : undefined;
  if (manifest && manifest.nlink > 1) return { used: true, bytes: 0 };
  let bytes = 0;
  let used = false;
  for (const rel of (await packageFiles(dir).catch(() => undefined)) ?? []) {
    const st = await lstat(join(dir, rel)).catch(() => undefined);
    if (!st) continue;
    bytes += st.size;
    if (st.nlink > 1) used = true;
    if (used && quick) break;
  }
  return { used, bytes };
}

/** The copies in `.shared/pkg`, each with whether it is used and its size. */
async function survey(storeRoot: string, quick: boolean) {
  const pkgRoot = join(sharedRoot(storeRoot), 'pkg');
  const out: Array<{ name: string; used: boolean; bytes: number }> = [];
  for (const name of await list(pkgRoot)) {
    if (name.endsWith('.tmp')) continue;
    out.push({ name, ...(await usage(join(pkgRoot, name), quick)) });
  }
  return out;
}

/** The store's shared copies and how much of them no skill uses (`doctor`). */
export async function sharedSize(storeRoot: string): Promise<SharedSize> {
  const all = await survey(storeRoot, false);
  const unused = all.filter((p) => !p.used);
  const sum = (ps: typeof all) => ps.reduce((n, p) => n + p.bytes, 0);
  return {
    packages: all.length,
    bytes: sum(all),
    unusedPackages: unused.length,
    unusedBytes: sum(unused),
  };
}

/** Drops the tree records that name any of `gone` (package folder names). */
async function dropTrees(storeRoot: string, gone: Set<string>, o: CollectOptions) {
  const trees = join(sharedRoot(storeRoot), 'trees');
  for (const file of await list(trees)) {
    // An unreadable record is never usable either (shared-deps.ts installs with npm then).
    const tree = await readFile(join(trees, file), 'utf8')
      .then((t) => JSON.parse(t) as SharedTree)
      .catch(() => undefined);
    const names = tree?.packages.map((p) => packageFolder(p.integrity)) ?? [];
    if (tree && !names.some((n) => gone.has(n))) continue;
    await o.onStep?.({ step: 'drop-tree', detail: file });
    await rm(join(trees, file), { force: true });
  }
}

/** Empties `.shared/trash` (what an earlier, maybe killed, collection moved there). */
async function emptyTrash(storeRoot: string, o: CollectOptions): Promise<void> {
  const trash = join(sharedRoot(storeRoot), 'trash');
  for (const name of await list(trash)) {
    await o.onStep?.({ step: 'delete-trash', detail: name });
    await rm(join(trash, name), { recursive: true, force: true });
  }
}

/**
 * Removes every shared copy no skill version in the store links to, and the tree records
 * naming one. Run after a change has committed (remove, update, rollback, install).
 */
export async function collectShared(
  storeRoot: string,
  o: CollectOptions = {},
): Promise<CollectResult> {
  const root = sharedRoot(storeRoot);
  const pkgRoot = join(root, 'pkg');
  await emptyTrash(storeRoot, o);
  const unused = (await survey(storeRoot, true)).filter((p) => !p.used);
  const stale = (await list(pkgRoot)).filter(isStaleTemp);
  if (unused.length === 0 && stale.length === 0) return { packages: 0, bytes: 0 };
  await dropTrees(storeRoot, new Set(unused.map((p) => p.name)), o);
  await mkdir(join(root, 'trash'), { recursive: true });
  let bytes = 0;
  for (const name of [...unused.map((p) => p.name), ...stale]) {
    await o.onStep?.({ step: 'trash-package', detail: name });
    await rename(join(pkgRoot, name), join(root, 'trash', name));
    bytes += unused.find((p) => p.name === name)?.bytes ?? 0;
  }
  await emptyTrash(storeRoot, o);
  return { packages: unused.length, bytes };
}
