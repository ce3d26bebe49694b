import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogSnapshot } from './catalog/types.js';
import { createSkillHost, type SkillHost, type SkillHostOptions } from './host.js';
import { tempDir, writeDocsSkill } from './testing/skill-folders.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(over: SkillHostOptions = {}) {
  const root = await tempDir();
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: '' },
    logger: pino({ level: 'silent' }),
    ...over,
  });
  hosts.push(host);
  return { host, root };
}

describe('createSkillHost: snapshots', () => {
  it('scans before resolving; the built-in skills tools are in the catalog but not the prompt', async () => {
    const root = await tempDir();
    await writeDocsSkill(join(root, 'ws', 'skills'), 'notes', { description: 'Take notes.' });
    const { host } = await open({ workspace: join(root, 'ws') });
    expect(host.snapshot().version).toBe(1);
    expect(host.skills.map((s) => [s.name, s.source.kind])).toEqual([
      ['notes', 'workspace'],
      ['skills', 'builtin'],
    ]);
    expect([...host.snapshot().tools.keys()].sort()).toEqual([
      'skills.read',
      'skills.search',
      'tools.search',
    ]);
    expect(host.prompt().included).toEqual(['notes']);
    const { host: bare } = await open({ workspace: join(root, 'ws'), hostTools: false });
    expect(bare.skills.map((s) => s.name)).toEqual(['notes']);
  });

  it('each rescan makes a new, higher version and fires change with it', async () => {
    const root = await tempDir();
    const ws = join(root, 'ws');
    const { host } = await open({ workspace: ws });
    const seen: CatalogSnapshot[] = [];
    const listener = (s: CatalogSnapshot) => seen.push(s);
    host.on('change', listener);
    const before = host.snapshot();
    await writeDocsSkill(join(ws, 'skills'), 'added');
    const after = await host.rescan();
    expect(after.version).toBe(before.version + 1);
    expect(seen).toEqual([after]);
    expect(host.snapshot()).toBe(after);
    expect(after.byName.has('added')).toBe(true);
    expect(before.byName.has('added')).toBe(false);
    const [a, b] = await Promise.all([host.rescan(), host.rescan()]);
    expect([a.version, b.version]).toEqual([after.version + 1, after.version + 2]);
    host.off('change', listener);
    await host.rescan();
    expect(seen).toHaveLength(3);
  });

  it('a throwing change listener does not break the rescan', async () => {
    const { host } = await open();
    host.on('change', () => {
      throw new Error('listener bug');
    });
    await expect(host.rescan()).resolves.toMatchObject({ version: 2 });
  });

  it('the snapshot is frozen: records, lists and maps refuse changes', async () => {
    const root = await tempDir();
    await writeDocsSkill(join(root, 'ws', 'skills'), 'notes');
    const { host } = await open({ workspace: join(root, 'ws') });
    const snap = host.snapshot();
    expect(Object.isFrozen(snap)).toBe(true);
    expect(Object.isFrozen(snap.skills)).toBe(true);
    expect(Object.isFrozen(snap.skills[0])).toBe(true);
    expect(() => (snap.skills as unknown as unknown[]).push(1)).toThrow(TypeError);
    expect(() => ((snap.skills[0] as { status: string }).status = 'invalid')).toThrow(TypeError);
    expect(() => (snap.byName as Map<string, unknown>).set('x', 1)).toThrow(/immutable/);
    expect(() => (snap.tools as Map<string, unknown>).delete('skills.read')).toThrow(/immutable/);
    expect(snap.tools.has('skills.read')).toBe(true);
  });

  it('rescan re-reads the config file; a broken config rejects and keeps the old snapshot', async () => {
    const root = await tempDir();
    await writeDocsSkill(join(root, 'ws', 'skills'), 'notes');
    const { host } = await open({ workspace: join(root, 'ws'), home: join(root, 'home') });
    await mkdir(join(root, 'home'), { recursive: true });
    await writeFile(
      join(root, 'home', 'config.json'),
      JSON.stringify({ skills: { notes: { enabled: false } } }),
    );
    const next = await host.rescan();
    expect(next.byName.get('notes')!.status).toBe('disabled');
    await writeFile(
      join(root, 'home', 'config.json'),
      JSON.stringify({ skills: { notes: { enabeld: true } } }),
    );
    await expect(host.rescan()).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(host.snapshot()).toBe(next);
  });

  it('an unknown key in <home>/config.json fails createSkillHost naming the key and the file', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'home'), { recursive: true });
    await writeFile(join(root, 'home', 'config.json'), JSON.stringify({ sourcez: [] }));
    await expect(open({ home: join(root, 'home') })).rejects.toThrow(
      `${join(root, 'home', 'config.json')}: unknown key "sourcez"`,
    );
  });

  it('home: option > OPENCLAW_SKILLS_HOME > ~/.openclaw/skill-host under userHome', async () => {
    const root = await tempDir();
    const { host: a } = await open({
      home: undefined,
      env: { PATH: '', OPENCLAW_SKILLS_HOME: join(root, 'envhome') },
    });
    expect(a.home).toBe(join(root, 'envhome'));
    const { host: b } = await open({ home: undefined, userHome: join(root, 'u') });
    expect(b.home).toBe(join(root, 'u', '.openclaw', 'skill-host'));
  });
});
