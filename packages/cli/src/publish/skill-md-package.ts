// A SKILL.md folder without package.json (as Agent Skills, OpenClaw and Claude Code share
// them) installs as it is, but npm publishes packages: pack's refusal then says exactly which
// package.json to add, named after the skill, shipping the folders such skills use.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The package.json a SKILL.md-only folder needs to be packed, as one line of JSON. */
export function packageJsonFor(skill: string): string {
  return JSON.stringify({
    name: `oc-skill-${skill}`,
    version: '0.1.0',
    description: `The ${skill} skill (SKILL.md)`,
    files: ['SKILL.md', 'scripts', 'references', 'assets'],
    keywords: ['openclaw-skill', 'agent-skills'],
  });
}

/** What pack's refusal of a folder without package.json advises. */
export function missingPackageHint(dir: string): string {
  const doc = join(dir, 'SKILL.md');
  if (!existsSync(doc)) return 'Run pack in a skill folder (make one with `openclaw-skill new`).';
  const name =
    /^name\s*:\s*['"]?([a-z0-9-]+)['"]?\s*$/m.exec(readFileSync(doc, 'utf8'))?.[1] ?? basename(dir);
  return `A SKILL.md folder publishes with a package.json beside it; add ${join(dir, 'package.json')}: ${packageJsonFor(name)}`;
}
