// `install <source> --skill <name>` (repeatable) and `--all`: a git repository, folder or
// archive holding several SKILL.md folders installs the ones named, or every one. Each skill is
// its own install (its own consent, lockfile entry and generation); the name travels inside
// the spec (`#::skill:<name>`), so a running serve installs it the same way.
import { isSkillError, SkillError } from '@openclaw/skill-sdk';
import type { InstallResult } from '@openclaw/skill-host';

export const SKILL_OPTION = [
  '--skill <name>',
  'from a source holding several skills, install this one (repeatable)',
  (value: string, all: string[] = []) => [...all, value],
] as const;

export const ALL_OPTION = [
  '--all',
  'from a source holding several skills, install every one',
] as const;

/** The spec naming one skill of the source. */
export function withSkill(spec: string, name: string): string {
  return spec.includes('#') ? `${spec}::skill:${name}` : `${spec}#::skill:${name}`;
}

/** The skills a source holds, when an install refused it for holding several. */
function skillsListed(e: unknown): string[] | undefined {
  if (!isSkillError(e) || e.code !== 'INVALID_INPUT') return undefined;
  const skills = e.details?.skills;
  return Array.isArray(skills) && skills.every((s) => typeof s === 'string') ? skills : undefined;
}

/** Installs the skills `--skill`/`--all` pick from `spec`, one install each, in order. */
export async function installPicked(
  spec: string,
  flags: { skill?: string[]; all?: boolean },
  installOne: (spec: string) => Promise<InstallResult>,
): Promise<InstallResult[]> {
  if (flags.skill?.length && flags.all) {
    throw new SkillError('USAGE', 'Pass either --skill <name> or --all, not both.');
  }
  if (flags.skill?.length) {
    const results: InstallResult[] = [];
    for (const name of flags.skill) results.push(await installOne(withSkill(spec, name)));
    return results;
  }
  if (!flags.all) return [await installOne(spec)];
  try {
    return [await installOne(spec)];
  } catch (e) {
    const names = skillsListed(e);
    if (!names) throw e;
    const results: InstallResult[] = [];
    for (const name of names) results.push(await installOne(withSkill(spec, name)));
    return results;
  }
}
