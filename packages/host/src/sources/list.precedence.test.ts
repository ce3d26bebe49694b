import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeDocsSkill } from '../testing/skill-folders.js';
import { candidateFolders, isSkillFolder } from './folders.js';
import { listSources } from './list.js';

describe('listSources', () => {
  it('orders workspace, .agents, ~/.agents, ~/.openclaw, store, option extras, config extras', () => {
    const sources = listSources({
      workspace: '/ws',
      userHome: '/u',
      home: '/h',
      extra: ['/extra/a'],
      configSources: ['rel', '~/cfg'],
    });
    expect(sources.map((s) => [s.kind, s.dir])).toEqual([
      ['workspace', '/ws/skills'],
      ['workspace-agents', '/ws/.agents/skills'],
      ['user-agents', '/u/.agents/skills'],
      ['user-openclaw', '/u/.openclaw/skills'],
      ['store', '/h/store'],
      ['extra', '/extra/a'],
      ['extra', '/h/rel'],
      ['extra', '/u/cfg'],
    ]);
    const precedences = sources.map((s) => s.precedence);
    expect([...precedences].sort((a, b) => a - b)).toEqual(precedences);
    expect(new Set(precedences).size).toBe(precedences.length);
  });

  it('puts skill folders (each one skill) before every other source, as kind package', () => {
    const sources = listSources({
      workspace: '/ws',
      userHome: '/u',
      home: '/h',
      skillFolders: ['/ws'],
    });
    expect(sources.slice(0, 2).map((s) => [s.kind, s.dir, s.precedence])).toEqual([
      ['package', '/ws', 0],
      ['workspace', '/ws/skills', 1],
    ]);
  });

  it('a folder listed twice counts once, at its first place', () => {
    const sources = listSources({
      workspace: '/ws',
      userHome: '/u',
      home: '/h',
      extra: ['/ws/skills'],
    });
    expect(sources.filter((s) => s.dir === '/ws/skills')).toEqual([
      { kind: 'workspace', dir: '/ws/skills', precedence: 0 },
    ]);
  });
});

describe('candidateFolders and isSkillFolder', () => {
  it('a missing source folder is empty', async () => {
    expect(await candidateFolders({ dir: join(await tempDir(), 'nope') })).toEqual([]);
  });

  it('lists child folders and symlinks, skipping node_modules, dot-folders and files', async () => {
    const root = await tempDir();
    await writeDocsSkill(root, 'b-docs');
    await mkdir(join(root, 'a-manifest-only'));
    await writeDocsSkill(root, 'node_modules');
    await writeDocsSkill(root, '.hidden');
    await writeFile(join(root, 'SKILL.md'), '---\nname: root\n---\n');
    const target = await tempDir();
    await writeDocsSkill(target, 'linked');
    await symlink(join(target, 'linked'), join(root, 'c-linked'));
    expect(await candidateFolders({ dir: root })).toEqual([
      join(root, 'a-manifest-only'),
      join(root, 'b-docs'),
      join(root, 'c-linked'),
    ]);
  });

  it('a folder is a skill when it holds SKILL.md or manifest.json', () => {
    const missing = {
      code: 'SKILL_MD_MISSING' as const,
      severity: 'error' as const,
      message: '',
      file: '',
    };
    expect(isSkillFolder({ kind: 'docs', problems: [] })).toBe(true);
    expect(isSkillFolder({ kind: 'code', problems: [missing] })).toBe(true);
    expect(isSkillFolder({ kind: 'docs', problems: [missing] })).toBe(false);
    expect(
      isSkillFolder({ kind: 'docs', problems: [{ ...missing, code: 'SKILL_DIR_MISSING' }] }),
    ).toBe(false);
  });
});
