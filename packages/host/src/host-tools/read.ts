// skills.read: a skill's SKILL.md or a text file inside its folder, and nothing else. The
// path must be relative without "..", and what it resolves to (symlinks followed) must stay
// inside the skill's real folder and be a regular file of at most 1 MiB.
import { constants } from 'node:fs';
import { open, readdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve, sep, win32 } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import { isRecord } from '../formats/types.js';
import { promptSkills } from '../prompt/select.js';
import { closestNames } from './closest.js';

export const MAX_READ_BYTES = 1024 * 1024;
/** How many file names a "no such file" hint lists. */
const LISTED_FILES = 20;

export async function readSkillFile(snapshot: CatalogSnapshot, input: unknown): Promise<string> {
  if (
    !isRecord(input) ||
    typeof input.name !== 'string' ||
    (input.path !== undefined && typeof input.path !== 'string')
  ) {
    throw new SkillError('INVALID_INPUT', 'skills.read needs { "name": string, "path"?: string }.');
  }
  const skill = findSkill(snapshot, input.name);
  const rel = input.path ?? '';
  checkRelative(rel);
  const realDir = await realpathOr(skill.dir, () => {
    throw new SkillError(
      'SKILL_NOT_FOUND',
      `The folder of skill "${skill.name}" (${skill.dir}) is gone.`,
      {
        hint: 'The skill was moved or removed; the host picks that up on its next scan.',
      },
    );
  });
  const shown = rel === '' ? 'SKILL.md' : rel;
  const target = rel === '' ? skill.location : resolve(skill.dir, rel);
  const real = await realpathOr(target, async () => {
    const files = await listFiles(realDir);
    throw new SkillError('SKILL_NOT_FOUND', `Skill "${skill.name}" has no file "${shown}".`, {
      hint: files.length > 0 ? `Its files: ${files.join(', ')}.` : undefined,
      details: { skill: skill.name, path: shown, files },
    });
  });
  const inside = relative(realDir, real);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw unsafe(
      `path "${shown}" of skill "${skill.name}" leads outside the skill's folder (through a symlink).`,
    );
  }
  return readText(real, shown, skill.name);
}

function findSkill(snapshot: CatalogSnapshot, name: string): SkillRecord {
  const visible = promptSkills(snapshot);
  const skill = visible.find((s) => s.name === name);
  if (skill) return skill;
  const known = snapshot.byName.get(name);
  if (known && known.source.kind !== 'builtin') {
    throw new SkillError(
      'SKILL_UNAVAILABLE',
      `Skill "${name}" is ${known.status}, so it cannot be used now.`,
      {
        hint: `The user can run \`openclaw-skill list\` to see why "${name}" is ${known.status}.`,
        details: { skill: name, status: known.status },
      },
    );
  }
  const candidates = closestNames(
    name,
    visible.map((s) => s.name),
  );
  throw new SkillError('SKILL_NOT_FOUND', `No skill named "${name.slice(0, 200)}".`, {
    hint:
      candidates.length > 0
        ? `Did you mean ${candidates.map((c) => `"${c}"`).join(', ')}? The search tool finds skills by topic.`
        : 'Use the search tool to find skills by topic.',
    details: { candidates },
  });
}

/** Refuses NUL, absolute paths (POSIX or Windows, and ~) and any ".." segment. */
function checkRelative(rel: string): void {
  const shown = JSON.stringify(rel.slice(0, 200));
  if (rel.includes('\0')) throw unsafe(`path ${shown} holds a NUL byte.`);
  if (posix.isAbsolute(rel) || win32.isAbsolute(rel) || rel.startsWith('~')) {
    throw unsafe(
      `path ${shown} is absolute; give a path relative to the skill's folder, e.g. references/guide.md.`,
    );
  }
  if (rel.split(/[\\/]/).includes('..')) {
    throw unsafe(`path ${shown} climbs out of the skill's folder with "..".`);
  }
}

async function readText(file: string, shown: string, skill: string): Promise<string> {
  // O_NONBLOCK: opening a FIFO must not hang the call; O_NOFOLLOW: the resolved path must
  // not have become a symlink since realpath.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  const handle = await open(file, flags).catch((e: NodeJS.ErrnoException) => {
    throw unsafe(`path "${shown}" of skill "${skill}" cannot be opened (${e.code ?? 'error'}).`);
  });
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) {
      throw unsafe(`path "${shown}" of skill "${skill}" is a folder; name a file inside it.`);
    }
    if (!stat.isFile()) throw unsafe(`path "${shown}" of skill "${skill}" is not a regular file.`);
    if (stat.size > MAX_READ_BYTES) {
      throw unsafe(
        `path "${shown}" of skill "${skill}" is ${stat.size} bytes, over the ${MAX_READ_BYTES}-byte limit.`,
      );
    }
    const buffer = await handle.readFile();
    if (buffer.includes(0)) {
      throw new SkillError(
        'INVALID_INPUT',
        `path "${shown}" of skill "${skill}" is a binary file; only text can be read.`,
      );
    }
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

async function realpathOr(path: string, onMissing: () => never | Promise<never>): Promise<string> {
  try {
    return await realpath(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return onMissing();
    throw unsafe(`"${path}" cannot be resolved (${code ?? 'error'}).`);
  }
}

/** Files two levels deep, for a hint; skips dot folders and node_modules. */
async function listFiles(
  dir: string,
  prefix = '',
  depth = 0,
  out: string[] = [],
): Promise<string[]> {
  if (depth > 1 || out.length >= LISTED_FILES) return out;
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (out.length >= LISTED_FILES) break;
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) await listFiles(dir, rel, depth + 1, out);
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

const unsafe = (message: string) =>
  new SkillError('PATH_UNSAFE', `skills.read: ${message}`, {
    hint: "Give a relative path to a file inside the skill's folder, such as references/guide.md.",
  });
