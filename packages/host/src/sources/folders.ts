// Which children of a source folder are skills: one level deep, a child holding SKILL.md
// or manifest.json. A missing source folder is simply empty (most users have no
// ~/.agents/skills); node_modules and dot-folders are never skills.
//
// Listing is split from the check on purpose: the scan reads every candidate with
// readSkillFolder anyway, so it decides from that read (isSkillFolder) instead of paying
// one more file-system round trip per folder up front.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import type { SkillFolder } from '@openclaw/skill-sdk';
import type { SkillSource } from '../catalog/types.js';
import { storeFolders } from './store.js';

/** Child folders (and symlinks) of a source that may be skills, sorted by name. */
export async function candidateFolders(
  source: Pick<SkillSource, 'dir'> & { kind?: SkillSource['kind'] },
): Promise<string[]> {
  if (source.kind === 'store') return storeFolders(source.dir);
  // A single skill folder given directly (`dev <dir>`): the folder itself.
  if (source.kind === 'package') return [source.dir];
  // Most sources do not exist (few users have ~/.agents/skills): asking first costs far
  // less than the error a failed readdir builds.
  if (!existsSync(source.dir)) return [];
  let entries;
  try {
    entries = await readdir(source.dir, { withFileTypes: true });
  } catch {
    return [];
  }
  // join(source.dir, name) for each child, normalising the source's path once rather than
  // per child: the names are plain (no separators, no leading dot).
  const base = normalize(source.dir);
  const child =
    base === '.' || base.endsWith(sep)
      ? (name: string) => join(base, name)
      : (name: string) => base + sep + name;
  return entries
    .filter(
      (e) =>
        (e.isDirectory() || e.isSymbolicLink()) &&
        !e.name.startsWith('.') &&
        e.name !== 'node_modules',
    )
    .map((e) => e.name)
    .sort()
    .map(child);
}

/** Codes readSkillFolder uses when there is no SKILL.md, or no folder at all. */
const NOT_A_SKILL = new Set(['SKILL_MD_MISSING', 'SKILL_DIR_MISSING']);

/** True when the folder holds SKILL.md or manifest.json (a candidate that was read). */
export function isSkillFolder(folder: Pick<SkillFolder, 'kind' | 'problems'>): boolean {
  return folder.kind === 'code' || !folder.problems.some((p) => NOT_A_SKILL.has(p.code));
}
