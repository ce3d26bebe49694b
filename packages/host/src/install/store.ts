// The npm store's layout, one folder per installed version, so a new version is unpacked
// beside the old one and the swap is one symlink rename:
//
//   <home>/store/
//     .staging/<random>/        an install in progress (removed when it fails)
//     <name>/<version>/         the unpacked package, with its production dependencies
//     <name>/<version>.lock.json  its lockfile entry (what rollback restores)
//     <name>/current -> <version>   what the scan loads (sources/store.ts)
//     <name>/previous -> <version>  what `rollback` returns to
//
// Names are skill names (ASCII `^[a-z0-9]+(-[a-z0-9]+)*$`), encoded anyway so no name can
// step out of the store.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import valid from 'semver/functions/valid.js';
import writeFileAtomic from 'write-file-atomic';
import { encodeFileName } from '../paths.js';
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

export async function makeStaging(root: string): Promise<string> {
  const dir = join(root, STAGING, randomBytes(6).toString('hex'));
  await mkdir(dir, { recursive: true });
  return dir;
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
export async function placeVersion(
  layout: StoreLayout,
  name: string,
  version: string,
  staged: string,
  entry: LockEntry,
): Promise<string> {
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
  await rm(layout.versionDir(name, version), { recursive: true, force: true });
  await rm(layout.entryFile(name, version), { force: true });
}
