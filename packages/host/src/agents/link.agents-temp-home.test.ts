// link/unlink for every agent in the table, in both scopes, against a temp HOME and a temp
// project: a symlink to the store's `current` link (so a new version reaches every agent),
// found again by findLinks, removed only when it is ours.
import { mkdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { findLinks, installedKind, linkSkill, unlinkSkill, type LinkWhere } from './link.js';
import { AGENTS, agentById } from './table.js';

let where: Omit<LinkWhere, 'scope'>;

/** A store like the installer's: `<skill>/<version>/...` and `<skill>/current -> <version>`. */
async function storeVersion(skill: string, version: string) {
  const dir = join(where.storeDir, skill, version);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'SKILL.md'), `---\nname: ${skill}\ndescription: v${version}\n---\n`);
  const current = join(where.storeDir, skill, 'current');
  await rm(current, { force: true });
  await symlink(version, current);
}

beforeEach(async () => {
  const root = await tempDir();
  where = {
    storeDir: join(root, 'oc-home', 'store'),
    project: join(root, 'project'),
    userHome: join(root, 'user-home'),
  };
  await mkdir(where.project, { recursive: true });
  await storeVersion('notes', '1.0.0');
});

describe.each(AGENTS.map((a) => [a.id, a] as const))('link for %s', (_id, agent) => {
  it.each(['project', 'user'] as const)(
    '%s scope: a symlink into the store the agent reads, updated by a new version, then unlinked',
    async (scope) => {
      const base = scope === 'user' ? where.userHome : where.project;
      const dir = join(base, scope === 'user' ? agent.userSkills : agent.projectSkills);
      const [made] = await linkSkill('notes', [agent], { ...where, scope });
      expect(made).toMatchObject({
        agent: agent.id,
        scope,
        path: join(dir, 'notes'),
        state: 'linked',
      });
      expect(await readlink(join(dir, 'notes'))).toBe(join(where.storeDir, 'notes', 'current'));
      expect(await readFile(join(dir, 'notes', 'SKILL.md'), 'utf8')).toContain('v1.0.0');
      await storeVersion('notes', '2.0.0');
      expect(await readFile(join(dir, 'notes', 'SKILL.md'), 'utf8')).toContain('v2.0.0');
      const found = (await findLinks(where)).get('notes') ?? [];
      expect(found).toContainEqual({ agent: agent.id, scope, path: join(dir, 'notes') });
      const [again] = await linkSkill('notes', [agent], { ...where, scope });
      expect(again!.state).toBe('already-linked');
      const [gone] = await unlinkSkill('notes', [agent], { ...where, scope });
      expect(gone!.state).toBe('removed');
      expect((await findLinks(where)).get('notes')).toBeUndefined();
    },
  );
});

describe('link and unlink refuse what they did not make', () => {
  it('a real folder at the path: link throws LINK_CONFLICT naming it and makes no link at all', async () => {
    const claude = agentById('claude-code')!;
    const cursor = agentById('cursor')!;
    const taken = join(where.project, '.cursor', 'skills', 'notes');
    await mkdir(taken, { recursive: true });
    await expect(
      linkSkill('notes', [claude, cursor], { ...where, scope: 'project' }),
    ).rejects.toMatchObject({ code: 'LINK_CONFLICT', file: taken });
    expect((await findLinks(where)).get('notes')).toBeUndefined();
  });

  it('a link somewhere else: unlink throws LINK_CONFLICT and keeps it; a missing link is not-linked', async () => {
    const gemini = agentById('gemini')!;
    const other = join(where.project, '.gemini', 'skills', 'notes');
    await mkdir(join(where.project, '.gemini', 'skills'), { recursive: true });
    await symlink(where.project, other);
    await expect(
      unlinkSkill('notes', [gemini], { ...where, scope: 'project' }),
    ).rejects.toMatchObject({
      code: 'LINK_CONFLICT',
    });
    expect(await readlink(other)).toBe(where.project);
    const [none] = await unlinkSkill('notes', [agentById('codex')!], { ...where, scope: 'user' });
    expect(none!.state).toBe('not-linked');
  });

  it('installedKind tells a docs skill from a code skill and a missing one', async () => {
    expect(installedKind(where.storeDir, 'notes')).toBe('docs');
    expect(installedKind(where.storeDir, 'absent')).toBeUndefined();
    await storeVersion('notes', '2.0.0');
    await writeFile(join(where.storeDir, 'notes', '2.0.0', 'manifest.json'), '{}');
    expect(installedKind(where.storeDir, 'notes')).toBe('code');
  });
});

describe('findLinks', () => {
  it('lists every place of each linked skill in scope then table order, and skips what is not ours', async () => {
    await storeVersion('tasks', '1.0.0');
    for (const scope of ['project', 'user'] as const) {
      await linkSkill('notes', AGENTS, { ...where, scope });
    }
    await linkSkill('tasks', [agentById('cursor')!], { ...where, scope: 'user' });
    // A folder and a foreign link beside ours are not links this tool made.
    await mkdir(join(where.project, '.cursor', 'skills', 'own-folder'));
    await symlink(where.project, join(where.userHome, '.cursor', 'skills', 'elsewhere'));
    const found = await findLinks(where);
    expect([...found.keys()].sort()).toEqual(['notes', 'tasks']);
    const expected = (['project', 'user'] as const).flatMap((scope) =>
      AGENTS.map((agent) => ({
        agent: agent.id,
        scope,
        path: join(
          scope === 'user' ? where.userHome : where.project,
          scope === 'user' ? agent.userSkills : agent.projectSkills,
          'notes',
        ),
      })),
    );
    expect(found.get('notes')).toEqual(expected);
    expect(found.get('tasks')).toEqual([
      {
        agent: 'cursor',
        scope: 'user',
        path: join(where.userHome, agentById('cursor')!.userSkills, 'tasks'),
      },
    ]);
  });
});
