// The npm store's layout, one folder per installed version, so a new version is unpacked
// beside the old one and the swap is one symlink rename:
//
//   <home>/store/
//     .staging/<pid>-<random>/  an install in progress (removed when it fails, or by
//                               reconcile once its process is gone)
//     .journal/<name>.json      a change in progress (journal.ts)
//     <name>/<version>/         the unpacked package, with its production dependencies
//     <name>/<version>.lock.json  its lockfile entry (what rollback restores)
//     <name>/current -> <version>   what the scan loads (sources/store.ts)
//     <name>/previous -> <version>  what `rollback` returns to
//
// Names are skill names (ASCII `^[a-z0-9]+(-[a-z0-9]+)*$`), encoded anyway so no name can
// step out of the store.
import { randomBytes } from 'node:crypto';
import {
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
} from 'node:fs/promises';
import { join } from 'node:path';
import valid from 'semver/functions/valid.js';
import writeFileAtomic from 'write-file-atomic';
import { encodeFileName } from '../paths.js';
import { pidAlive } from '../pid-alive.js';
import type { LockEntry } from './types.js';

export const STAGING = '.staging';

export interface StoreLayout {
  root: string;
  skillDir(name: string): string;
  versionDir(name: string, version: string): string;
  entryFile(name: string, version: string): string;
  link(name: string, which: 'current' | 'previous'): string;
}

export function storeLayout(root: string): StoreLayout {
  const skillDir = (name: string) => join(root, encodeFileName(name));
  return {
    root,
    skillDir,
    versionDir: (name, version) => join(skillDir(name), versionFolder(version)),
    entryFile: (name, version) => join(skillDir(name), `${versionFolder(version)}.lock.json`),
    link: (name, which) => join(skillDir(name), which),
  };
}

/**
 * A version as a folder name: valid semver only (digits first, then `[0-9A-Za-z.+-]`), so it
 * can be neither `.` nor `..` nor hold a separator.
 */
export function versionFolder(version: string): string {
  if (valid(version) !== version) throw new Error(`Not a semver version: ${version}`);
  return version;
}

/**
 * A version folder's name, not its entry file: `1.0.0-beta.1.lock.json` is valid semver too
 * (`lock` and `json` read as prerelease identifiers), so the suffix is ruled out first.
 */
export const isVersionFolder = (n: string): boolean => !n.endsWith('.lock.json') && valid(n) === n;

export async function makeStaging(root: string): Promise<string> {
  // The pid names the owner, so a folder left by a killed process can be told and removed.
  const dir = join(root, STAGING, `${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Staging folders whose process is gone (a killed install left them). */
export async function staleStaging(root: string): Promise<string[]> {
  const base = join(root, STAGING);
  let names: string[];
  try {
    names = await readdir(base);
  } catch {
    return [];
  }
  const stale = names.filter((n) => {
    const pid = Number(n.split('-')[0]);
    return !(Number.isInteger(pid) && pid > 0 && (pid === process.pid || pidAlive(pid)));
  });
  return stale.map((n) => join(base, n));
}

/** Removes staging folders whose process is gone; returns the folders removed. */
export async function removeStaleStaging(root: string): Promise<string[]> {
  const stale = await staleStaging(root);
  for (const dir of stale) await rm(dir, { recursive: true, force: true });
  return stale;
}

/** Removes `<name>/` when nothing is left in it (a refused first install leaves no folder). */
export async function removeIfEmpty(layout: StoreLayout, name: string): Promise<void> {
  try {
    await rmdir(layout.skillDir(name));
  } catch {
    // ENOENT (gone already) or ENOTEMPTY (other versions): both fine.
  }
}

/** The versions in `<name>/`, with the install time their entry file records. */
export async function storedVersions(
  layout: StoreLayout,
  name: string,
): Promise<{ version: string; time: string }[]> {
  let names: string[];
  try {
    names = await readdir(layout.skillDir(name));
  } catch {
    return [];
  }
  const out: { version: string; time: string }[] = [];
  for (const n of names) {
    if (!isVersionFolder(n)) continue;
    const entry = await readVersionEntry(layout, name, n);
    out.push({ version: n, time: entry?.time ?? '' });
  }
  return out;
}

/**
 * The kept version installed last before `version` (by the time in its entry), other than
 * `not`: where a rollback to `version` leaves the `previous` link.
 */
export async function versionBefore(
  layout: StoreLayout,
  name: string,
  o: { version: string; not?: string },
): Promise<string | undefined> {
  const kept = await storedVersions(layout, name);
  const at = kept.find((v) => v.version === o.version)?.time ?? '';
  return kept
    .filter((v) => v.version !== o.version && v.version !== o.not && v.time < at)
    .sort((a, b) => b.time.localeCompare(a.time))[0]?.version;
}

/**
 * Keeps `current`, `previous` and the newest others up to `keep` generations besides
 * `current`; removes every other version folder and stray entry file or temp link.
 * Returns the versions removed.
 */
export async function pruneVersions(
  layout: StoreLayout,
  name: string,
  keep: number,
): Promise<string[]> {
  const current = await linkedVersion(layout, name, 'current');
  const previous = await linkedVersion(layout, name, 'previous');
  if (keep < 1 && previous !== undefined) await pointTo(layout, name, 'previous', undefined);
  const others = (await storedVersions(layout, name))
    .filter((v) => v.version !== current && !(keep >= 1 && v.version === previous))
    .sort((a, b) => b.time.localeCompare(a.time));
  const room = Math.max(0, keep - (keep >= 1 && previous !== undefined ? 1 : 0));
  const gone = others.slice(room).map((v) => v.version);
  for (const v of gone) await removeVersion(layout, name, v);
  await removeStrays(layout, name);
  return gone;
}

/** Entry files without their folder and link temp files a killed process left behind. */
async function removeStrays(layout: StoreLayout, name: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(layout.skillDir(name));
  } catch {
    return;
  }
  const folders = new Set(names.filter(isVersionFolder));
  for (const n of names) {
    const stray =
      (n.endsWith('.lock.json') && !folders.has(n.slice(0, -'.lock.json'.length))) ||
      /^(current|previous)\.[0-9a-f]+\.tmp$/.test(n);
    if (stray) await rm(join(layout.skillDir(name), n), { force: true });
  }
}

/** The version a link points at, or undefined. */
export async function linkedVersion(
  layout: StoreLayout,
  name: string,
  which: 'current' | 'previous',
): Promise<string | undefined> {
  try {
    const target = await readlink(layout.link(name, which));
    await stat(join(layout.skillDir(name), target));
    return valid(target) === target ? target : undefined;
  } catch {
    return undefined;
  }
}

/** Points a link at a version atomically (a new symlink renamed over the old one). */
export async function pointTo(
  layout: StoreLayout,
  name: string,
  which: 'current' | 'previous',
  version: string | undefined,
): Promise<void> {
  const link = layout.link(name, which);
  if (version === undefined) {
    await rm(link, { force: true });
    return;
  }
  const tmp = `${link}.${randomBytes(4).toString('hex')}.tmp`;
  // Relative, so a moved home keeps working.
  await symlink(versionFolder(version), tmp);
  await rename(tmp, link);
}

/** Moves an unpacked staging folder into place as `<name>/<version>` (replacing a leftover). */
export interface Placement {
  name: string;
  version: string;
  /** The unpacked staging folder, moved (not copied) into place. */
  staged: string;
  /** Written beside the version as its record. */
  entry: LockEntry;
}

export async function placeVersion(layout: StoreLayout, p: Placement): Promise<string> {
  const { name, version, staged, entry } = p;
  const dir = layout.versionDir(name, version);
  await mkdir(layout.skillDir(name), { recursive: true });
  await rm(dir, { recursive: true, force: true });
  await rename(staged, dir);
  await writeFileAtomic(layout.entryFile(name, version), `${JSON.stringify(entry, null, 2)}\n`);
  return dir;
}

export async function readVersionEntry(
  layout: StoreLayout,
  name: string,
  version: string,
): Promise<LockEntry | undefined> {
  try {
    return JSON.parse(await readFile(layout.entryFile(name, version), 'utf8')) as LockEntry;
  } catch {
    return undefined;
  }
}

export async function removeVersion(
  layout: StoreLayout,
  name: string,
  version: string,
): Promise<void> {
  // The entry file first: a folder half removed by a killed process has no entry, and the
  // next prune takes what is left of it.
  await rm(layout.entryFile(name, version), { force: true });
  await rm(layout.versionDir(name, version), { recursive: true, force: true });
}
