// A skill `link` put in a folder this host also scans (an OpenClaw project's skills/, Codex's
// .agents/skills) is the store's skill: listed once, from the store. Other links and folders
// of the same name stay skills of their own.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSources } from '../sources/list.js';
import { tempDir } from '../testing/skill-folders.js';
import { scanSkills } from './scan.js';

async function skillAt(dir: string, description: string) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'SKILL.md'), `---\nname: notes\ndescription: ${description}\n---\n`);
}

describe('links into the store in scanned folders', () => {
  it('a link to the store is dropped; a link elsewhere with the same name is kept', async () => {
    const root = await tempDir();
    const home = join(root, 'home');
    const ws = join(root, 'ws');
    await skillAt(join(home, 'store', 'notes', '1.0.0'), 'from the store');
    await symlink('1.0.0', join(home, 'store', 'notes', 'current'));
    await mkdir(join(ws, 'skills'), { recursive: true });
    await symlink(join(home, 'store', 'notes', 'current'), join(ws, 'skills', 'notes'));
    const sources = listSources({ workspace: ws, userHome: join(root, 'user'), home });
    const scan = () => scanSkills({ sources, config: {}, configFile: '/c.json', env: {} });
    const once = await scan();
    expect(once.records.map((r) => [r.source.kind, r.description])).toEqual([
      ['store', 'from the store'],
    ]);

    await skillAt(join(root, 'elsewhere'), 'somewhere else');
    await mkdir(join(ws, '.agents', 'skills'), { recursive: true });
    await symlink(join(root, 'elsewhere'), join(ws, '.agents', 'skills', 'notes'));
    const twice = await scan();
    expect(twice.records.map((r) => [r.source.kind, r.description, !!r.shadowedBy])).toEqual([
      ['workspace-agents', 'somewhere else', false],
      ['store', 'from the store', true],
    ]);
  });
});
