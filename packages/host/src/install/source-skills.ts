// Which SKILL.md folders a fetched source holds, and which one an install takes: the folder
// searched itself when it holds SKILL.md, else the one named (`::skill:<name>`, the CLI's
// `--skill`), else the only one; several and none named is one error listing them all.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';

export interface FoundSkill {
  /** The name SKILL.md gives (else the folder's name). */
  name: string;
  /** Folder relative to the source's root, `/`-separated ('' for the root). */
  path: string;
}

const SKIP = new Set(['.git', 'node_modules', '.clawhub']);
/** Skills sit a few folders deep (`skills/<name>`, `.claude/skills/<name>`), never deeper. */
const MAX_DEPTH = 5;

/** The `name:` of SKILL.md's frontmatter, when it has one. */
export function frontmatterName(text: string): string | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text.replace(/^\uFEFF/, ''));
  const line = m?.[1]?.split(/\r?\n/).find((l) => /^name\s*:/.test(l));
  const value = line
    ?.replace(/^name\s*:\s*/, '')
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  return value ? value : undefined;
}

async function skillAt(root: string, dir: string): Promise<FoundSkill | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, 'SKILL.md'), 'utf8');
  } catch {
    return undefined;
  }
  const path = relative(root, dir).split(sep).join('/');
  return { name: frontmatterName(text) ?? basename(dir), path };
}

/** Every SKILL.md folder under `dir` (not below a skill folder), sorted by path. */
export async function findSkills(root: string, dir: string = root): Promise<FoundSkill[]> {
  const here = await skillAt(root, dir);
  if (here) return [here];
  const out: FoundSkill[] = [];
  const walk = async (at: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) return;
    const entries = await readdir(at, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isDirectory() || SKIP.has(e.name)) continue;
      const child = join(at, e.name);
      const skill = await skillAt(root, child);
      if (skill) out.push(skill);
      else await walk(child, depth + 1);
    }
  };
  await walk(dir, 1);
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The skill an install takes from `found`, or one error saying how to pick. */
export function pickSkill(
  found: readonly FoundSkill[],
  o: { source: string; skill?: string },
): FoundSkill {
  const listed = found.map((s) => `${s.name} (${s.path || '.'})`).join(', ');
  if (o.skill !== undefined) {
    const hit =
      found.find((s) => s.name === o.skill) ?? found.find((s) => basename(s.path) === o.skill);
    if (hit) return hit;
    throw new SkillError(
      'SKILL_NOT_FOUND',
      `${o.source} holds no skill named "${o.skill}"${found.length ? `; it holds: ${listed}` : ''}.`,
      {
        hint: 'Pass one of those names with --skill.',
        details: { skills: found.map((s) => s.name) },
      },
    );
  }
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new SkillError(
      'INSTALL_FAILED',
      `${o.source} holds no SKILL.md; nothing was installed.`,
      {
        hint: 'Name the folder that holds SKILL.md (a path inside the repository: owner/repo/skills/<name>, or #<ref>::path:<dir>).',
      },
    );
  }
  throw new SkillError(
    'INVALID_INPUT',
    `${o.source} holds ${found.length} skills: ${listed}. Say which to install.`,
    {
      hint: `Pick with --skill <name> (repeatable), or take every one with --all: openclaw-skill install ${o.source} --skill ${found[0]!.name}`,
      details: { skills: found.map((s) => s.name) },
    },
  );
}
