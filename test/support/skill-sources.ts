// Skills as they are shared outside npm, made by the tests themselves: a SKILL.md folder with
// scripts/, references/ and assets/ (no package.json), a git repository holding several of
// them (in a temp folder, committed with the system git and a temp HOME), and archives of one.
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Writes a SKILL.md folder; `scripts/run.sh` is executable and would leave `marker` if run. */
export async function writeSkillFolder(
  dir: string,
  o: { name: string; body?: string; marker?: string },
): Promise<string> {
  const files: Record<string, string> = {
    'SKILL.md': `---\nname: ${o.name}\ndescription: The ${o.name} skill, for tests of install sources.\n---\n\n${o.body ?? 'Run scripts/run.sh.'}\n`,
    'scripts/run.sh': `#!/bin/sh\necho ran > ${JSON.stringify(o.marker ?? '/dev/null')}\n`,
    'references/guide.md': '# Guide\n',
    'assets/logo.txt': 'logo\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), text);
  }
  await chmod(join(dir, 'scripts/run.sh'), 0o755);
  return dir;
}

/** git with a temp HOME and no system config, so the user's own settings never apply. */
export function gitIn(cwd: string, home: string) {
  return async (...args: string[]) =>
    (
      await exec(
        'git',
        ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args],
        {
          cwd,
          env: { PATH: process.env.PATH ?? '', HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
        },
      )
    ).stdout.trim();
}

/** A repository with `skills/<name>` for each name, one commit; returns a git runner for it. */
export async function writeSkillsRepo(
  dir: string,
  o: { names: string[]; home: string; marker?: string },
) {
  await mkdir(dir, { recursive: true });
  const git = gitIn(dir, o.home);
  await git('init', '--quiet', '-b', 'main');
  for (const name of o.names) {
    await writeSkillFolder(join(dir, 'skills', name), {
      name,
      ...(o.marker && { marker: o.marker }),
    });
  }
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'skills');
  return git;
}

/** `zip -ry` (symlinks kept as links) of `folder` (by its name) from its parent. */
export async function zipFolder(parent: string, folder: string, out: string): Promise<string> {
  await exec('zip', ['-qry', out, folder], { cwd: parent });
  return out;
}

export async function tarFolder(parent: string, folder: string, out: string): Promise<string> {
  await exec('tar', ['czf', out, folder], { cwd: parent });
  return out;
}
