// A skill whose SKILL.md or code leads outside its folder through a symlink: the scan
// refuses it, and skills.read refuses the same file, so the two never disagree.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(root: string) {
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: '', OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
  });
  hosts.push(host);
  return host;
}

describe('scan: symlinks out of a skill folder', () => {
  it('a SKILL.md linked from outside is invalid in the scan and refused by skills.read', async () => {
    const root = await tempDir();
    const skills = join(root, 'ws', 'skills');
    await mkdir(join(skills, 'linked'), { recursive: true });
    await writeFile(join(root, 'outside.md'), '---\nname: linked\ndescription: d\n---\nsecret\n');
    await symlink(join(root, 'outside.md'), join(skills, 'linked', 'SKILL.md'));
    const host = await open(root);
    const rec = host.skills.find((s) => s.dir === join(skills, 'linked'))!;
    expect(rec.status).toBe('invalid');
    expect(rec.problems.map((p) => p.code)).toEqual(['PATH_OUTSIDE_SKILL']);
    const read = await host.call({ name: 'skills.read', input: { name: 'linked' } });
    expect(read.isError).toBe(true);
    expect(JSON.stringify(read)).not.toContain('secret');
  });

  it('a code skill whose dist/ links to code outside is invalid and its code never runs', async () => {
    const root = await tempDir();
    const skills = join(root, 'ws', 'skills');
    const dir = await writeCodeSkill(skills, 'evil', {
      tools: ['run'],
      manifest: { entry: 'dist/index.js' },
    });
    await mkdir(join(root, 'elsewhere'));
    await writeFile(
      join(root, 'elsewhere', 'index.js'),
      'globalThis.__evilLoaded = true;\nexport default { createTools: () => ({}) };\n',
    );
    await symlink(join(root, 'elsewhere'), join(dir, 'dist'));
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'evil',
        version: '1.0.0',
        type: 'module',
        exports: './dist/index.js',
      }),
    );
    const host = await open(root);
    const rec = host.skills.find((s) => s.name === 'evil')!;
    expect(rec.status).toBe('invalid');
    expect(rec.entry).toBeUndefined();
    expect(rec.problems.map((p) => p.code)).toContain('ENTRY_OUTSIDE_PACKAGE');
    const r = await host.call({ name: 'evil.run', input: {} });
    expect(r.isError).toBe(true);
    expect((globalThis as { __evilLoaded?: boolean }).__evilLoaded).toBeUndefined();
  });
});
