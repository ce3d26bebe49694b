// Dependencies shared between the skills of one store. Most code skills depend on the SDK and
// little else, so after npm installed a tree once, every package of it is kept once, by its
// integrity, and each skill's node_modules holds hard links to those files:
//
//   <home>/store/.shared/
//     pkg/<sha256 of the integrity>/   one package's files (no nested node_modules), read-only
//     trees/<sha256 of ranges+registry>.json   the tree npm resolved for those ranges there
//
// A later skill with the same dependency ranges from the same registry gets the tree by
// linking, without npm, provided each direct dependency's newest matching version is still
// the one in the tree (one registry request each; a range pinned to one version needs none).
// Hard links keep every real path inside the skill's own version folder, so the sandbox's read
// grant (its own folder) covers them and no link ever points outside it. The files are made
// read-only, since one skill writing into its dependencies would write into every skill's.
import { createHash } from 'node:crypto';
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { mapLimit } from '../scan/limit.js';

// A tree holds a thousand files or more (the SDK's alone): linking them one after another
// waits on each system call in turn; this many at once keeps the file system busy instead.
const FILES_AT_ONCE = 32;

/** Creates every folder the files need, once each, before any file goes in. */
async function makeFolders(root: string, files: readonly string[]): Promise<void> {
  const folders = [...new Set(files.map((rel) => dirname(join(root, rel))))];
  await mapLimit(folders, FILES_AT_ONCE, (d) => mkdir(d, { recursive: true }));
}

export interface SharedPackage {
  /** Where npm put it, relative to the skill folder (`node_modules/ajv`). */
  path: string;
  version: string;
  integrity: string;
}

export interface SharedTree {
  registry: string;
  dependencies: Record<string, string>;
  packages: SharedPackage[];
}

export interface SharedOptions {
  /** The store's root folder; `.shared` lives in it. */
  storeRoot: string;
  registry: string;
  /** The skill's runtime dependencies (name -> range). */
  dependencies: Record<string, string>;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
export const sharedRoot = (storeRoot: string) => join(storeRoot, '.shared');
/** The folder name of one shared package: its integrity, hashed. */
export const packageFolder = (integrity: string) => sha(integrity).slice(0, 40);
const packageDir = (storeRoot: string, integrity: string) =>
  join(sharedRoot(storeRoot), 'pkg', packageFolder(integrity));

/** The key of a tree: the same ranges from the same registry resolve to the same tree. */
export function treeKey(dependencies: Record<string, string>, registry: string): string {
  const sorted = Object.keys(dependencies)
    .sort()
    .map((k) => [k, dependencies[k]]);
  return sha(JSON.stringify({ registry, dependencies: sorted }));
}

const treeFile = (o: SharedOptions) =>
  join(sharedRoot(o.storeRoot), 'trees', `${treeKey(o.dependencies, o.registry)}.json`);

/** The packages npm installed, from the hidden lockfile it writes in node_modules. */
export async function installedPackages(dir: string): Promise<SharedPackage[] | undefined> {
  let lock: { packages?: Record<string, { version?: string; integrity?: string; link?: boolean }> };
  try {
    lock = JSON.parse(await readFile(join(dir, 'node_modules', '.package-lock.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const out: SharedPackage[] = [];
  for (const [path, p] of Object.entries(lock.packages ?? {})) {
    if (!path.startsWith('node_modules/')) continue;
    // A linked or unverified package (a local folder) cannot be shared by integrity.
    if (p.link || !p.version || !p.integrity) return undefined;
    out.push({ path, version: p.version, integrity: p.integrity });
  }
  return out;
}

/** Every file of one package folder, relative to it, leaving out nested node_modules. */
export async function packageFiles(dir: string): Promise<string[] | undefined> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const e of entries) {
    const parent = e.parentPath ?? (e as unknown as { path: string }).path;
    const rel = relative(dir, join(parent, e.name));
    if (rel === 'node_modules' || rel.startsWith(`node_modules${sep}`)) continue;
    if (rel.includes(`${sep}node_modules${sep}`) || rel.endsWith(`${sep}node_modules`)) continue;
    if (e.isSymbolicLink()) return undefined; // Never shared: a link could point anywhere.
    if (e.isFile()) files.push(rel);
  }
  return files;
}

/** A hard link, or a copy where the file system has none. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * Replaces the files npm just wrote for a package the store already shares (same integrity,
 * so the same bytes) by hard links to the shared copy: the skill then holds no copy of its
 * own, and the copy counts it as a user (shared-gc.ts). Each file is swapped by a rename, so
 * a kill midway leaves every file whole; a package whose files differ from the copy's (a
 * file added by hand) is left as npm wrote it.
 */
async function linkToShared(pkgDir: string, target: string, files: string[]): Promise<void> {
  const shared = await packageFiles(target).catch(() => undefined);
  if (!shared || shared.length !== files.length || shared.some((f) => !files.includes(f))) return;
  await mapLimit(files, FILES_AT_ONCE, async (rel) => {
    const tmp = `${join(pkgDir, rel)}.${process.pid}.link`;
    try {
      await link(join(target, rel), tmp);
      await rename(tmp, join(pkgDir, rel));
    } catch {
      await rm(tmp, { force: true }); // No hard links here: the file npm wrote stays.
    }
  });
}

/** Puts one installed package into the shared folder (once), read-only. */
async function sharePackage(storeRoot: string, pkgDir: string, integrity: string) {
  const target = packageDir(storeRoot, integrity);
  const files = await packageFiles(pkgDir);
  if (!files) return false;
  if (await exists(target)) {
    await linkToShared(pkgDir, target, files);
    return true;
  }
  const tmp = `${target}.${process.pid}.tmp`;
  await rm(tmp, { recursive: true, force: true });
  await makeFolders(tmp, files);
  await mapLimit(files, FILES_AT_ONCE, async (rel) => {
    await linkOrCopy(join(pkgDir, rel), join(tmp, rel));
    const { mode } = await stat(join(tmp, rel));
    await chmod(join(tmp, rel), mode & 0o555);
  });
  try {
    await rename(tmp, target);
  } catch {
    await rm(tmp, { recursive: true, force: true }); // Another install shared it first.
  }
  return true;
}

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

/**
 * After npm installed into `dir`: keeps each package in the shared folder and records the
 * tree for these ranges. Anything that cannot be shared (a local or linked package) leaves
 * the tree unrecorded; the skill's own install is complete either way.
 */
export async function shareInstalled(dir: string, o: SharedOptions): Promise<void> {
  const packages = await installedPackages(dir);
  if (!packages) return;
  for (const p of packages) {
    if (!(await sharePackage(o.storeRoot, join(dir, p.path), p.integrity))) return;
  }
  const tree: SharedTree = { registry: o.registry, dependencies: o.dependencies, packages };
  await mkdir(dirname(treeFile(o)), { recursive: true });
  await writeFileAtomic(treeFile(o), `${JSON.stringify(tree, null, 2)}\n`);
}

/** The newest version a registry has for `name@range` (undefined: unknown, use npm). */
export type NewestVersion = (name: string, range: string) => Promise<string | undefined>;

const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The recorded tree for these ranges when it is still what npm would install. */
async function usableTree(
  o: SharedOptions,
  newest: NewestVersion,
): Promise<SharedTree | undefined> {
  let tree: SharedTree;
  try {
    tree = JSON.parse(await readFile(treeFile(o), 'utf8')) as SharedTree;
  } catch {
    return undefined;
  }
  for (const p of tree.packages) {
    if (!(await exists(packageDir(o.storeRoot, p.integrity)))) return undefined;
  }
  for (const [name, range] of Object.entries(o.dependencies)) {
    const inTree = tree.packages.find((p) => p.path === `node_modules/${name}`)?.version;
    if (inTree === undefined) return undefined;
    if (EXACT.test(range) && range === inTree) continue;
    if ((await newest(name, range).catch(() => undefined)) !== inTree) return undefined;
  }
  return tree;
}

/**
 * Gives `dir` the dependency tree recorded for its ranges, by hard links into the shared
 * folder; false when there is none to use (npm installs, then `shareInstalled` records it).
 */
export async function linkSharedTree(
  dir: string,
  o: SharedOptions & { newest: NewestVersion },
): Promise<boolean> {
  const tree = await usableTree(o, o.newest);
  if (!tree) return false;
  try {
    for (const p of tree.packages) {
      const from = packageDir(o.storeRoot, p.integrity);
      const files = (await packageFiles(from)) ?? [];
      await makeFolders(join(dir, p.path), files);
      await mapLimit(files, FILES_AT_ONCE, (rel) =>
        linkOrCopy(join(from, rel), join(dir, p.path, rel)),
      );
    }
  } catch {
    // A shared folder half removed under us: start over with npm.
    await rm(join(dir, 'node_modules'), { recursive: true, force: true });
    return false;
  }
  return true;
}
