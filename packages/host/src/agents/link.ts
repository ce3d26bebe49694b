// `link` and `unlink`: a skill installed in the store, put where an agent reads skills, as a
// symlink to the store's `current` link, so an update or rollback reaches every agent at
// once. A link is recognised by where it points, so `unlink` removes only links it made and
// `list` finds them again without a record of its own.
import { existsSync } from 'node:fs';
import { lstat, mkdir, readlink, readdir, rm, symlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import { AGENTS, type AgentId, type AgentInfo } from './table.js';

export type LinkScope = 'project' | 'user';

export interface LinkWhere {
  /** `<home>/store`. */
  storeDir: string;
  /** The project folder (project scope). */
  project: string;
  /** The user's home folder (user scope). */
  userHome: string;
  scope: LinkScope;
}

export interface LinkPlace {
  agent: AgentId;
  scope: LinkScope;
  /** The link's path: `<skills folder>/<skill>`. */
  path: string;
}

export interface LinkResult extends LinkPlace {
  /** What the link points to: `<home>/store/<skill>/current`. */
  target: string;
  state: 'linked' | 'already-linked' | 'removed' | 'not-linked';
}

/** The folder an agent reads skills from, in one scope. */
export function skillsFolder(agent: AgentInfo, where: Omit<LinkWhere, 'storeDir'>): string {
  return where.scope === 'user'
    ? join(where.userHome, agent.userSkills)
    : join(where.project, agent.projectSkills);
}

/** The store's stable path of an installed skill (what links point to). */
export const storeTarget = (storeDir: string, skill: string) => join(storeDir, skill, 'current');

/** Whether the skill is installed in the store, and whether it has code (a manifest). */
export function installedKind(storeDir: string, skill: string): 'docs' | 'code' | undefined {
  const target = storeTarget(storeDir, skill);
  if (!existsSync(join(target, 'SKILL.md')) && !existsSync(join(target, 'manifest.json')))
    return undefined;
  return existsSync(join(target, 'manifest.json')) ? 'code' : 'docs';
}

/** What is at a path: nothing, our link to `target`, or something else. */
async function occupant(path: string, target: string): Promise<'none' | 'ours' | 'other'> {
  const stat = await lstat(path).catch(() => undefined);
  if (!stat) return 'none';
  if (!stat.isSymbolicLink()) return 'other';
  const to = await readlink(path).catch(() => '');
  return resolve(dirname(path), to) === target ? 'ours' : 'other';
}

function conflict(path: string, skill: string, verb: 'link' | 'unlink'): SkillError {
  return new SkillError(
    'LINK_CONFLICT',
    `${path} exists and is not a link this tool made to ${skill} in the store; ${verb} leaves it alone.`,
    {
      file: path,
      hint:
        verb === 'link'
          ? `Move or remove ${path}, then run \`openclaw-skill link ${skill}\` again.`
          : `Remove ${path} yourself if it should go.`,
    },
  );
}

export async function linkSkill(
  skill: string,
  agents: readonly AgentInfo[],
  where: LinkWhere,
): Promise<LinkResult[]> {
  const target = storeTarget(where.storeDir, skill);
  const results: LinkResult[] = [];
  // Every place is checked before any link is made: a conflict leaves nothing half done.
  const places = agents.map((a) => ({ agent: a, path: join(skillsFolder(a, where), skill) }));
  const found = await Promise.all(places.map((p) => occupant(p.path, target)));
  const taken = places.find((_, i) => found[i] === 'other');
  if (taken) throw conflict(taken.path, skill, 'link');
  for (const [i, { agent, path }] of places.entries()) {
    if (found[i] === 'none') {
      await mkdir(dirname(path), { recursive: true });
      await symlink(target, path, 'dir');
    }
    results.push({
      agent: agent.id,
      scope: where.scope,
      path,
      target,
      state: found[i] === 'ours' ? 'already-linked' : 'linked',
    });
  }
  return results;
}

export async function unlinkSkill(
  skill: string,
  agents: readonly AgentInfo[],
  where: LinkWhere,
): Promise<LinkResult[]> {
  const target = storeTarget(where.storeDir, skill);
  const results: LinkResult[] = [];
  for (const agent of agents) {
    const path = join(skillsFolder(agent, where), skill);
    const found = await occupant(path, target);
    if (found === 'other') throw conflict(path, skill, 'unlink');
    if (found === 'ours') await rm(path);
    results.push({
      agent: agent.id,
      scope: where.scope,
      path,
      target,
      state: found === 'ours' ? 'removed' : 'not-linked',
    });
  }
  return results;
}

/** Every link this tool made, in both scopes of every agent, by skill name. */
export async function findLinks(
  where: Omit<LinkWhere, 'scope'>,
): Promise<Map<string, LinkPlace[]>> {
  const out = new Map<string, LinkPlace[]>();
  for (const scope of ['project', 'user'] as const) {
    for (const agent of AGENTS) {
      const folder = skillsFolder(agent, { ...where, scope });
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(folder, name);
        if ((await occupant(path, storeTarget(where.storeDir, name))) !== 'ours') continue;
        const list = out.get(name) ?? [];
        // Two agents sharing a folder (.agents/skills) share the link: each is listed.
        list.push({ agent: agent.id, scope, path });
        out.set(name, list);
      }
    }
  }
  return out;
}
