// Skills installed by ClawHub and by the `skills` CLI, in the layouts those tools write: the
// scan gives each its version, source and managing tool; a plain folder has none.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listEntry } from '../catalog/entries.js';
import { listSources } from '../sources/list.js';
import { tempDir } from '../testing/skill-folders.js';
import { managerCommand } from './managed-by.js';
import { scanSkills } from './scan.js';

async function skill(dir: string, name: string) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: ${name} things.\n---\n`);
}
const json = (file: string, value: unknown) => writeFile(file, JSON.stringify(value, null, 2));

async function scanLayouts() {
  const root = await tempDir();
  const ws = join(root, 'ws');
  const user = join(root, 'user');
  // ClawHub: <workdir>/skills/<slug> with .clawhub/origin.json, and <workdir>/.clawhub/lock.json.
  await skill(join(ws, 'skills', 'gifgrep'), 'gifgrep');
  await mkdir(join(ws, 'skills', 'gifgrep', '.clawhub'));
  await json(join(ws, 'skills', 'gifgrep', '.clawhub', 'origin.json'), {
    version: 1,
    registry: 'https://clawhub.example.test',
    slug: 'gifgrep',
    installedVersion: '1.2.0',
    installedAt: 1767225600000,
  });
  // A ClawHub skill known only from the workdir's lock (origin.json missing).
  await skill(join(ws, 'skills', 'weather-lite'), 'weather-lite');
  await mkdir(join(ws, '.clawhub'));
  await json(join(ws, '.clawhub', 'lock.json'), {
    version: 1,
    skills: { 'weather-lite': { version: '0.3.1', installedAt: 1767225600000 } },
  });
  await skill(join(ws, 'skills', 'plain'), 'plain');
  // skills CLI, project scope: .agents/skills/<name> and skills-lock.json at the project root.
  await skill(join(ws, '.agents', 'skills', 'pdf'), 'pdf');
  await json(join(ws, 'skills-lock.json'), {
    version: 1,
    skills: {
      pdf: { source: 'anthropics/skills', sourceType: 'github', computedHash: 'ab'.repeat(32) },
    },
  });
  // skills CLI, global: ~/.agents/skills/<name> and ~/.agents/.skill-lock.json.
  await skill(join(user, '.agents', 'skills', 'frontend-design'), 'frontend-design');
  await json(join(user, '.agents', '.skill-lock.json'), {
    version: 3,
    skills: {
      'frontend-design': {
        source: 'vercel-labs/agent-skills',
        sourceType: 'github',
        sourceUrl: 'https://github.com/vercel-labs/agent-skills.git',
        skillFolderHash: 'cd'.repeat(20),
        ref: 'v2',
        installedAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    },
  });
  const sources = listSources({ workspace: ws, userHome: user, home: join(root, 'home') });
  const { records } = await scanSkills({ sources, config: {}, configFile: '/c.json', env: {} });
  return Object.fromEntries(records.map((r) => [r.name, r]));
}

describe('skills another tool manages', () => {
  it('ClawHub: version and slug from origin.json, or from the workdir lock', async () => {
    const r = await scanLayouts();
    expect(r.gifgrep!.version).toBe('1.2.0');
    expect(r.gifgrep!.managedBy).toMatchObject({
      tool: 'clawhub',
      source: 'gifgrep',
      version: '1.2.0',
      registry: 'https://clawhub.example.test',
    });
    expect(r['weather-lite']!.managedBy).toMatchObject({ tool: 'clawhub', version: '0.3.1' });
    expect(r['weather-lite']!.version).toBe('0.3.1');
    expect(r.plain!.managedBy).toBeUndefined();
  });

  it('skills CLI: source from the project lock (hash as version) and the global lock (ref as version)', async () => {
    const r = await scanLayouts();
    expect(r.pdf!.managedBy).toMatchObject({
      tool: 'skills',
      source: 'anthropics/skills',
      version: 'abababababab',
    });
    expect(r['frontend-design']!.managedBy).toMatchObject({
      tool: 'skills',
      source: 'vercel-labs/agent-skills',
      version: 'v2',
    });
  });

  it('list entries carry managedBy without the file, and each tool has its own command', async () => {
    const r = await scanLayouts();
    const entry = listEntry(r.gifgrep!);
    expect(entry.managedBy).toEqual({
      tool: 'clawhub',
      source: 'gifgrep',
      version: '1.2.0',
      registry: 'https://clawhub.example.test',
    });
    expect(managerCommand(entry.managedBy!, 'remove', 'gifgrep')).toBe('clawhub uninstall gifgrep');
    expect(managerCommand(r.pdf!.managedBy!, 'update', 'pdf')).toBe('npx skills update pdf');
  });
});
