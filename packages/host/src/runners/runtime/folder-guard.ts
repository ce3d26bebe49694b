// Node 20's permission model checks the path a skill names, not where it leads: a symbolic
// link inside a folder the user granted (`Outbox/keys -> ~/.ssh`) would let a sandboxed skill
// read or write wherever it points. Before the skill loads, the fs functions that take a path
// are wrapped: a path inside a granted folder is walked with its links followed
// (folder-resolve.ts) and the call goes on with the real path it leads to, which Node then
// checks against the grant as usual; a path that leads outside the granted folders is refused
// with PATH_UNSAFE naming the path and the grant. The skill cannot make links itself (Node
// refuses fs.symlink without full access), so only links someone else placed are in question.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkGranted, within, type FsProbe } from './folder-resolve.js';

/** Which arguments are paths, and whether the call follows a link named last (false: lstat). */
type PathArgs = readonly (readonly [index: number, follow: boolean])[];

const FOLLOW: PathArgs = [[0, true]];
const NO_FOLLOW: PathArgs = [[0, false]];
const TWO_NO_FOLLOW: PathArgs = [
  [0, false],
  [1, false],
];

/** fs calls taking paths (each also as `<name>Sync` and in fs/promises where Node has it). */
const CALLS: Record<string, PathArgs> = {
  access: FOLLOW,
  appendFile: FOLLOW,
  chmod: FOLLOW,
  chown: FOLLOW,
  copyFile: [
    [0, true],
    [1, true],
  ],
  cp: [
    [0, true],
    [1, true],
  ],
  exists: FOLLOW,
  lchmod: NO_FOLLOW,
  lchown: NO_FOLLOW,
  link: TWO_NO_FOLLOW,
  lstat: NO_FOLLOW,
  lutimes: NO_FOLLOW,
  mkdir: NO_FOLLOW,
  mkdtemp: NO_FOLLOW,
  open: FOLLOW,
  openAsBlob: FOLLOW,
  opendir: FOLLOW,
  readdir: FOLLOW,
  readFile: FOLLOW,
  readlink: NO_FOLLOW,
  realpath: FOLLOW,
  rename: TWO_NO_FOLLOW,
  rm: NO_FOLLOW,
  rmdir: NO_FOLLOW,
  stat: FOLLOW,
  statfs: FOLLOW,
  symlink: [[1, false]],
  truncate: FOLLOW,
  unlink: NO_FOLLOW,
  utimes: FOLLOW,
  writeFile: FOLLOW,
  createReadStream: FOLLOW,
  createWriteStream: FOLLOW,
  watch: FOLLOW,
  watchFile: FOLLOW,
  unwatchFile: FOLLOW,
};

/** A path argument as a string; undefined for a file descriptor or a FileHandle. */
function pathOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (Buffer.isBuffer(arg)) return arg.toString('utf8');
  if (arg instanceof URL) return arg.protocol === 'file:' ? fileURLToPath(arg) : undefined;
  return undefined;
}

function refusal(skill: string, o: { path: string; root: string; reached: string }): Error {
  const e = new Error(
    `Skill "${skill}" may not use ${o.path}: it is inside the granted folder ${o.root} but leads to ${o.reached}, outside every folder granted to it; a link in a granted folder does not widen the grant.`,
  ) as Error & { code: string; hint: string };
  e.name = 'SkillError';
  e.code = 'PATH_UNSAFE';
  e.hint = `Remove the link from ${o.root}, or grant the folder it points to in the host config (skills.${skill}.grant.read or grant.write).`;
  return e;
}

export interface FolderGuard {
  /** Whether the path (absolute or relative to the working folder) is inside a granted folder. */
  inside(path: string): boolean;
  /** The argument to hand Node: unchanged outside the grants, else the real path it leads to. */
  check(arg: unknown, follow: boolean): unknown;
}

export function folderGuard(skill: string, roots: readonly string[], probe: FsProbe): FolderGuard {
  const absolute = (raw: string) => (isAbsolute(raw) ? raw : `${process.cwd()}/${raw}`);
  const rootOf = (abs: string) => roots.find((r) => within(r, resolve(abs)));
  return {
    inside: (path) => rootOf(absolute(path)) !== undefined,
    check(arg, follow) {
      const raw = pathOf(arg);
      if (raw === undefined) return arg;
      const abs = absolute(raw);
      const root = rootOf(abs);
      if (root === undefined) return arg; // Node's permission model alone decides.
      const walk = walkGranted(abs, roots, { followLast: follow, probe });
      if (!walk.ok) throw refusal(skill, { path: raw, root, reached: walk.reached });
      return walk.path;
    },
  };
}

type Fn = (...args: unknown[]) => unknown;

/** How a refusal reaches the caller: thrown, to the callback, as a rejection, or `false`. */
type Style = 'sync' | 'callback' | 'promise' | 'exists';

interface Wrapping {
  name: string;
  args: PathArgs;
  guard: FolderGuard;
  style: Style;
}

function wrap(original: Fn, w: Wrapping): Fn {
  return function (this: unknown, ...given: unknown[]) {
    try {
      for (const [i, follow] of w.args)
        if (i < given.length) given[i] = w.guard.check(given[i], follow);
      if (w.name === 'cp') refuseDereference(given[2]);
    } catch (e) {
      const callback = given.at(-1);
      // exists() answers false for a path it may not look at, as Node's own does.
      if (w.style === 'exists') {
        if (typeof callback === 'function') process.nextTick(callback as Fn, false);
        return false;
      }
      if (w.style === 'promise') return Promise.reject(e);
      if (w.style === 'callback' && typeof callback === 'function') {
        process.nextTick(callback as Fn, e);
        return undefined;
      }
      throw e;
    }
    if (w.name === 'readdir' && recursiveInside(w.guard, given))
      return listedInside(w, given, (args) => original.apply(this, args));
    return original.apply(this, given);
  };
}

const recursiveInside = (guard: FolderGuard, given: unknown[]) =>
  typeof given[0] === 'string' &&
  guard.inside(given[0]) &&
  typeof given[1] === 'object' &&
  given[1] !== null &&
  (given[1] as { recursive?: unknown }).recursive === true;

/**
 * A recursive listing follows links to folders, so inside a grant it keeps only the entries
 * reached without leaving the granted folders (the names behind a link out are not shown).
 */
function listedInside(w: Wrapping, given: unknown[], call: (args: unknown[]) => unknown): unknown {
  const dir = given[0] as string;
  const keep = (list: unknown) =>
    Array.isArray(list) ? list.filter((entry) => reachable(w.guard, dir, entry)) : list;
  if (w.style === 'promise') return (call(given) as Promise<unknown>).then(keep);
  const callback = given.at(-1);
  if (w.style === 'callback' && typeof callback === 'function') {
    const done = (err: unknown, list: unknown) => (callback as Fn)(err, err ? list : keep(list));
    return call([...given.slice(0, -1), done]);
  }
  return keep(call(given));
}

function reachable(guard: FolderGuard, dir: string, entry: unknown): boolean {
  let path: string;
  if (typeof entry === 'string') path = `${dir}/${entry}`;
  else if (Buffer.isBuffer(entry)) path = `${dir}/${entry.toString('utf8')}`;
  else {
    const d = entry as { name: string; parentPath?: string; path?: string };
    path = `${d.parentPath ?? d.path ?? dir}/${d.name}`;
  }
  try {
    guard.check(path, false);
    return true;
  } catch {
    return false;
  }
}

/** cp with `dereference` copies what links inside a folder point to: never from a grant. */
function refuseDereference(options: unknown): void {
  const deref =
    typeof options === 'object' &&
    options !== null &&
    (options as { dereference?: unknown }).dereference;
  if (!deref) return;
  const e = new Error(
    'A sandboxed skill may not copy with { dereference: true }: it would copy what links point to.',
  ) as Error & { code: string };
  e.name = 'SkillError';
  e.code = 'PATH_UNSAFE';
  throw e;
}

/** Calls that return a stream, watcher or iterator at once: a refusal is thrown. */
const RETURNS_AT_ONCE = new Set([
  'createReadStream',
  'createWriteStream',
  'watch',
  'watchFile',
  'unwatchFile',
]);

/** Wraps the fs functions for the skill about to load; nothing when no folder is granted. */
export function guardFolders(skill: string, roots: readonly string[]): void {
  if (roots.length === 0) return;
  const lstatSync = fs.lstatSync;
  const readlinkSync = fs.readlinkSync;
  const probe: FsProbe = {
    kind: (p) => {
      try {
        return lstatSync(p).isSymbolicLink() ? 'link' : 'other';
      } catch {
        return 'missing';
      }
    },
    readlink: (p) => readlinkSync(p, 'utf8'),
  };
  const guard = folderGuard(skill, roots, probe);
  const mod = fs as unknown as Record<string, Fn | undefined>;
  const promises = fs.promises as unknown as Record<string, Fn | undefined>;
  for (const [name, args] of Object.entries(CALLS)) {
    const at = (style: Style): Wrapping => ({ name, args, guard, style });
    const plain = mod[name];
    const callbackStyle = name === 'exists' ? 'exists' : 'callback';
    if (plain) mod[name] = wrap(plain, at(RETURNS_AT_ONCE.has(name) ? 'sync' : callbackStyle));
    const sync = mod[`${name}Sync`];
    if (sync) mod[`${name}Sync`] = wrap(sync, at(name === 'exists' ? 'exists' : 'sync'));
    const viaPromise = promises[name];
    if (viaPromise) promises[name] = wrap(viaPromise, at(name === 'watch' ? 'sync' : 'promise'));
  }
  // `import { readFile } from 'node:fs'` reads the module's bindings, not the object.
  syncBuiltinESMExports();
}
