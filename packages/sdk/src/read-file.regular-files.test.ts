// The one reader for a skill's and the host's small files: only regular files, never
// blocking on a FIFO, capped, and never through a symlink out of the skill's folder.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRead, readTextCappedSync } from './read-file.js';
import { readSkillFolder } from './validate/read-folder.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));
async function root() {
  const r = await mkdtemp(join(tmpdir(), 'oc-read-file-'));
  roots.push(r);
  return r;
}
const md = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n`;

describe('readTextCappedSync', () => {
  it('refuses a FIFO without blocking on it (nothing ever writes to this one)', async () => {
    const fifo = join(await root(), 'config.json');
    execFileSync('mkfifo', [fifo]);
    expect(readTextCappedSync(fifo, 1024)).toEqual({ kind: 'not-a-file' });
  });

  it('refuses /dev/zero and a folder as not regular files', async () => {
    expect(readTextCappedSync('/dev/zero', 1024)).toEqual({ kind: 'not-a-file' });
    expect(readTextCappedSync(await root(), 1024)).toEqual({ kind: 'not-a-file' });
  });

  it('refuses a file over the cap by its size, and reads one at the cap', async () => {
    const file = join(await root(), 'f');
    await writeFile(file, 'x'.repeat(11));
    expect(readTextCappedSync(file, 10)).toEqual({ kind: 'too-large', bytes: 11 });
    expect(readTextCappedSync(file, 11)).toEqual({ kind: 'ok', text: 'x'.repeat(11) });
  });

  it('with `within`: follows a symlink inside the folder, refuses one that leads out', async () => {
    const r = await root();
    const skill = join(r, 'skill');
    await mkdir(skill);
    await writeFile(join(r, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash\n');
    await writeFile(join(skill, 'real.md'), 'inside');
    await symlink(join(skill, 'real.md'), join(skill, 'inside.md'));
    await symlink(join(r, 'secret.txt'), join(skill, 'outside.md'));
    expect(readTextCappedSync(join(skill, 'inside.md'), 100, { within: skill })).toEqual({
      kind: 'ok',
      text: 'inside',
    });
    const out = readTextCappedSync(join(skill, 'outside.md'), 100, { within: skill });
    expect(out).toEqual({ kind: 'outside', real: join(r, 'secret.txt') });
    expect(describeRead(out as never, join(skill, 'outside.md'), 100)).not.toContain('root:x');
    // Without `within` (the host's own config file), a symlink is followed.
    expect(readTextCappedSync(join(skill, 'outside.md'), 100).kind).toBe('ok');
  });

  it('reports a missing file and a dangling symlink as missing', async () => {
    const r = await root();
    await symlink(join(r, 'nowhere'), join(r, 'dangling'));
    expect(readTextCappedSync(join(r, 'absent'), 10)).toEqual({ kind: 'missing' });
    expect(readTextCappedSync(join(r, 'dangling'), 10, { within: r })).toEqual({ kind: 'missing' });
  });
});

describe('readSkillFolder and symlinks out of the skill', () => {
  it('a SKILL.md that is a symlink to a file outside the folder is refused (PATH_OUTSIDE_SKILL)', async () => {
    const r = await root();
    await mkdir(join(r, 'demo'));
    await writeFile(join(r, 'elsewhere.md'), md('demo'));
    await symlink(join(r, 'elsewhere.md'), join(r, 'demo', 'SKILL.md'));
    const f = await readSkillFolder(join(r, 'demo'));
    expect(f.doc).toBeUndefined();
    expect(f.problems).toEqual([
      expect.objectContaining({
        code: 'PATH_OUTSIDE_SKILL',
        severity: 'error',
        file: join(r, 'demo', 'SKILL.md'),
      }),
    ]);
  });

  it('a skill folder that is itself a symlink reads normally', async () => {
    const r = await root();
    await mkdir(join(r, 'real-demo'));
    await writeFile(join(r, 'real-demo', 'SKILL.md'), md('demo'));
    await symlink(join(r, 'real-demo'), join(r, 'demo'));
    const f = await readSkillFolder(join(r, 'demo'));
    expect(f.problems).toEqual([]);
    expect(f.doc?.name).toBe('demo');
  });

  it('an entry whose dist/ folder, or whose file, links outside the folder is refused and not set', async () => {
    for (const how of ['dist-folder', 'entry-file'] as const) {
      const r = await root();
      const dir = join(r, 'gmail');
      await mkdir(join(r, 'evil'), { recursive: true });
      await writeFile(join(r, 'evil', 'index.js'), 'export default {};\n');
      await mkdir(dir);
      await writeFile(join(dir, 'SKILL.md'), md('gmail'));
      await writeFile(
        join(dir, 'manifest.json'),
        JSON.stringify({ manifestVersion: 1, name: 'gmail' }),
      );
      if (how === 'dist-folder') await symlink(join(r, 'evil'), join(dir, 'dist'));
      else {
        await mkdir(join(dir, 'dist'));
        await symlink(join(r, 'evil', 'index.js'), join(dir, 'dist', 'index.js'));
      }
      const f = await readSkillFolder(dir);
      expect(f.entry, how).toBeUndefined();
      expect(
        f.problems.map((p) => [p.code, p.severity]),
        how,
      ).toEqual([['ENTRY_OUTSIDE_PACKAGE', 'error']]);
      expect(f.problems[0]!.message).toContain(join(r, 'evil', 'index.js'));
    }
  });

  it('a manifest.json that links outside the folder is refused', async () => {
    const r = await root();
    const dir = join(r, 'gmail');
    await mkdir(dir);
    await writeFile(join(dir, 'SKILL.md'), md('gmail'));
    await writeFile(join(r, 'm.json'), JSON.stringify({ manifestVersion: 1, name: 'gmail' }));
    await symlink(join(r, 'm.json'), join(dir, 'manifest.json'));
    const f = await readSkillFolder(dir);
    expect(f.manifest).toBeUndefined();
    expect(f.problems.map((p) => p.code)).toEqual(['PATH_OUTSIDE_SKILL']);
  });
});
