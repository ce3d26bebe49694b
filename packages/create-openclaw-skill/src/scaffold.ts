// Writes a skill from a template (render.ts), and runs git and the install without a shell
// (spawn), so no user input ever reaches one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { PackageManager, TemplateName } from './options.js';
import { templateRoot, versions } from './paths.js';
import { mitLicense, renderTemplate } from './render.js';

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
  const v = versions();
  const templateDir = join(templateRoot(), plan.template);
  if (!existsSync(templateDir))
    throw new SkillError('INTERNAL', `Template "${plan.template}" is not in ${templateRoot()}.`);
  // Values go in through the template view, never through a shell.
  await renderTemplate({
    templateDir,
    targetDir: plan.targetDir,
    view: {
      name: plan.name,
      description: plan.description,
      license: 'MIT',
      sdkVersion: v.sdk,
      cliVersion: v.cli,
    },
  });
  await writeFile(
    join(plan.targetDir, 'LICENSE'),
    mitLicense(new Date().getFullYear(), `the ${plan.name} authors`),
  );
  // A template folder of one's own (OPENCLAW_SKILL_TEMPLATES) may lack a file the skill
  // needs: check that the skill is really there.
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
