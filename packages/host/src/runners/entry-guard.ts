// A skill's code must come from inside its own package. The scan already refuses entries
// that point elsewhere; runners check again at activation, on real paths, because the
// folder may have changed since (a symlink planted after the scan) and because what loads
// is decided here. Nothing is imported before this passes.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';

const inside = (parent: string, child: string) => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export interface CheckedEntry {
  /** The package folder, symlinks resolved. */
  dir: string;
  /** The entry module, symlinks resolved. */
  entry: string;
}

export async function checkEntry(skill: SkillRecord): Promise<CheckedEntry> {
  const entry = skill.entry;
  if (!entry) {
    throw new SkillError(
      'SKILL_UNAVAILABLE',
      `Skill "${skill.name}" has no code entry (a docs-only skill has no tools).`,
      { file: skill.dir },
    );
  }
  const refuse = (why: string) =>
    new SkillError(
      'PATH_UNSAFE',
      `Skill "${skill.name}": its entry ${entry} ${why}, outside the skill's folder ${skill.dir}; nothing was loaded.`,
      {
        file: entry,
        hint: 'Point "entry" (manifest.json) or "exports" (package.json) at a file inside the package.',
      },
    );
  if (!inside(resolve(skill.dir), resolve(entry))) throw refuse('is');
  let dir: string;
  let real: string;
  try {
    [dir, real] = await Promise.all([realpath(skill.dir), realpath(entry)]);
  } catch {
    throw new SkillError(
      'SKILL_UNAVAILABLE',
      `Skill "${skill.name}": its entry ${entry} does not exist.`,
      { file: entry, hint: `Build the skill (e.g. \`npm run build\` in ${skill.dir}).` },
    );
  }
  if (!inside(dir, real)) throw refuse(`resolves (through a symlink) to ${real}`);
  return { dir, entry: real };
}
