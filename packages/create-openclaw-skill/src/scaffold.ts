// Writes a skill from a template with create-create-app, then runs git and the install
// ourselves. create-create-app reads its arguments from process.argv and resolves the target
// from process.cwd(), so this runs in the scaffolder's own process (bin/ or `openclaw-skill
// new`, which spawns that bin). Its shell use is kept away from user input: it would run the
// install and `git init` through a shell, so both are switched off here and done with
// execFile/spawn (no shell); what remains is its constant `git config --global --list`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { PackageManager, TemplateName } from './options.js';
import { templateRoot, versions } from './paths.js';

export interface ScaffoldPlan {
  /** Folder, npm package and skill name. */
  name: string;
  /** Absolute path of the folder to create. */
  targetDir: string;
  template: TemplateName;
  description: string;
  git: boolean;
  install: boolean;
  /** The repository to wire the skill to (scaffolding from a clone), or undefined. */
  checkout?: string;
  packageManager: PackageManager;
}

/** The files every generated skill of a template must have; missing ones mean a template error. */
const REQUIRED: Record<TemplateName, string[]> = {
  tool: ['package.json', 'manifest.json', 'SKILL.md', 'src/index.ts', 'test/index.test.ts'],
  oauth: ['package.json', 'manifest.json', 'SKILL.md', 'src/index.ts', 'test/index.test.ts'],
  docs: ['package.json', 'SKILL.md', 'references/examples.md'],
};

/** A folder is usable when it is absent or holds nothing but a .git folder. */
export async function folderProblem(dir: string): Promise<string | undefined> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    if (e.code === 'ENOTDIR') return ['(a file)'];
    throw e;
  });
  const blocking = entries.filter((e) => e !== '.git');
  return blocking.length > 0 ? `it already holds ${blocking.slice(0, 3).join(', ')}` : undefined;
}

export async function writeTemplate(plan: ScaffoldPlan): Promise<void> {
  const { create } = await import('create-create-app');
  const v = versions();
  const parent = dirname(plan.targetDir);
  await mkdir(parent, { recursive: true });
  process.chdir(parent);
  // Every value as --key=value: a value that starts with "-" stays a value. Versions go in
  // through the template view, never through a shell.
  process.argv = [
    process.argv[0]!,
    process.argv[1] ?? 'create-openclaw-skill',
    basename(plan.targetDir),
    '--no-interactive',
    `--template=${plan.template}`,
    `--description=${plan.description}`,
    '--license=MIT',
    `--sdkVersion=${v.sdk}`,
    `--cliVersion=${v.cli}`,
  ];
  await create('create-openclaw-skill', {
    templateRoot: templateRoot(),
    defaultTemplate: 'tool',
    promptForDescription: false,
    promptForAuthor: false,
    promptForEmail: false,
    promptForLicense: false,
    promptForTemplate: false,
    skipGitInit: true,
    skipNpmInstall: true,
    extra: {
      sdkVersion: { type: 'input', describe: 'SDK version', prompt: 'never' },
      cliVersion: { type: 'input', describe: 'CLI version', prompt: 'never' },
    },
  });
  // create-create-app reports some template errors and still resolves (and exits 0): check
  // that the skill is really there.
  const missing = REQUIRED[plan.template].filter((f) => !existsSync(`${plan.targetDir}/${f}`));
  if (missing.length > 0)
    throw new SkillError(
      'INTERNAL',
      `Template "${plan.template}" did not produce ${missing.join(', ')} in ${plan.targetDir}.`,
    );
}

/** Runs a program without a shell; resolves with its exit code. */
export function runQuiet(
  command: string,
  args: string[],
  cwd: string,
  stdio: 'inherit' | 'ignore' = 'inherit',
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio, shell: false });
    child.once('error', () => resolve(127));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/** Removes what a failed run created: the folder itself when it did not exist before. */
export async function undo(dir: string, existedBefore: boolean): Promise<void> {
  if (!existedBefore) return rm(dir, { recursive: true, force: true });
  for (const e of await readdir(dir).catch(() => []))
    if (e !== '.git') await rm(`${dir}/${e}`, { recursive: true, force: true });
}
