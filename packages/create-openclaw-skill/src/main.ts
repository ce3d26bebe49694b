// The scaffolder's program: options, prompts for what is missing (only with a terminal,
// outside CI, without --yes), checks that fail before anything is written, the template,
// git, the install, and the next steps. Exit 0 done, 1 a refused value (a name, a folder
// that is not empty) or a failure, 2 bad usage (an unknown option or choice, no name).
import { existsSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import {
  canPrompt,
  detectPackageManager,
  PACKAGE_MANAGERS,
  parseOptions,
  TEMPLATES,
  USAGE,
  type CreateOptions,
  type PackageManager,
  type TemplateName,
} from './options.js';
import { descriptionProblem, nameProblem } from './names.js';
import { checkoutRoot, VENDOR_DIR, wireToCheckout } from './checkout.js';
import { versions } from './paths.js';
import { prepareLockfile } from './lockfile.js';
import { folderProblem, runQuiet, undo, writeTemplate, type ScaffoldPlan } from './scaffold.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

const DEFAULT_DESCRIPTION: Record<TemplateName, string> = {
  tool: 'Greets a person by name. Use when the user asks to be greeted.',
  oauth: "Lists the signed-in user's calendars. Use when the user asks which calendars they have.",
  docs: 'Explains how to write a good commit message. Use when the user asks for help with a commit message.',
};

export interface MainIo {
  out(s: string): void;
  err(s: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** How the user ran this, for messages (`openclaw-skill new` runs the same program). */
  command?: string;
  /**
   * Takes the failure instead of printing it on stderr: `openclaw-skill new` reports it as
   * its own (one line, or JSON with --json) with the same code.
   */
  fail?(error: FailureJson): void;
}

export interface FailureJson {
  code: string;
  message: string;
  hint?: string;
}

const DEFAULT_COMMAND = 'npm create openclaw-skill';

function failed(io: MainIo, error: FailureJson, exit: number): number {
  if (io.fail) io.fail(error);
  else io.err(`${error.message}${error.hint ? `\n${error.hint}` : ''}\n`);
  return exit;
}

export async function main(argv: string[], io: MainIo): Promise<number> {
  let opts: CreateOptions;
  try {
    opts = parseOptions(argv);
  } catch (e) {
    return failed(
      io,
      { code: 'USAGE', message: messageOf(e), hint: 'Run with --help for usage.' },
      2,
    );
  }
  if (opts.help) return (io.out(USAGE), 0);
  if (opts.version) return (io.out(`${versions().create}\n`), 0);
  try {
    const plan = await planFrom(opts, io);
    return await run(plan, io);
  } catch (e) {
    if (e instanceof SkillError)
      return failed(io, { code: e.code, message: e.message }, e.code === 'USAGE' ? 2 : 1);
    throw e;
  }
}

async function ask<T>(question: object): Promise<T> {
  const { default: prompts } = await import('prompts');
  const answer = (await prompts(question as never, {
    onCancel: () => {
      throw new SkillError('USAGE', 'Cancelled: nothing was created.');
    },
  })) as { value: T };
  return answer.value;
}

async function planFrom(opts: CreateOptions, io: MainIo): Promise<ScaffoldPlan> {
  const interactive = canPrompt(opts, io.isTTY, io.env);
  let dir = opts.dir;
  if (dir === undefined) {
    if (!interactive)
      throw new SkillError(
        'USAGE',
        `Missing the skill name: ${io.command ?? DEFAULT_COMMAND} <name> (no terminal to ask on).`,
      );
    dir = await ask<string>({
      type: 'text',
      name: 'value',
      message: 'Skill name (folder and npm package)',
      initial: 'my-skill',
      validate: (v: string) => nameProblem(basename(v)) ?? true,
    });
  }
  const name = basename(dir);
  const problem = nameProblem(name);
  if (problem) throw new SkillError('INVALID_INPUT', `Invalid skill name "${name}": ${problem}.`);

  let template = opts.template;
  if (template === undefined && interactive)
    template = await ask<string>({
      type: 'select',
      name: 'value',
      message: 'Template',
      choices: [
        { title: 'tool', description: 'a TypeScript skill with one tool', value: 'tool' },
        { title: 'oauth', description: 'calls an OAuth-protected API', value: 'oauth' },
        { title: 'docs', description: 'SKILL.md only, no code', value: 'docs' },
      ],
    });
  template ??= 'tool';
  // A choice that is not one of the list is bad usage (2), like an unknown option.
  if (!(TEMPLATES as readonly string[]).includes(template))
    throw new SkillError(
      'USAGE',
      `Unknown template "${template}": choose ${TEMPLATES.join(', ')}.`,
    );

  const description = opts.description ?? DEFAULT_DESCRIPTION[template as TemplateName];
  const descProblem = descriptionProblem(description);
  if (descProblem) throw new SkillError('INVALID_INPUT', `Invalid --description: ${descProblem}.`);

  const pm = opts.packageManager ?? detectPackageManager(io.env.npm_config_user_agent);
  if (!(PACKAGE_MANAGERS as readonly string[]).includes(pm))
    throw new SkillError('USAGE', `Unknown --pm "${pm}": choose ${PACKAGE_MANAGERS.join(', ')}.`);

  const targetDir = resolve(io.cwd, dir);
  const busy = await folderProblem(targetDir);
  if (busy)
    throw new SkillError(
      'INVALID_INPUT',
      `Folder ${relative(io.cwd, targetDir) || '.'} is not empty (${busy}): choose another name or empty it.`,
    );
  return {
    name,
    targetDir,
    template: template as TemplateName,
    description,
    git: opts.git,
    install: opts.install,
    ...(!opts.registryDeps && checkoutRoot() && { checkout: checkoutRoot()! }),
    packageManager: pm as PackageManager,
  };
}

async function run(plan: ScaffoldPlan, io: MainIo): Promise<number> {
  const existed = existsSync(plan.targetDir);
  try {
    await writeTemplate(plan);
    await prepareLockfile({
      targetDir: plan.targetDir,
      npm: plan.packageManager === 'npm',
      checkout: plan.checkout !== undefined,
      env: io.env,
    });
  } catch (e) {
    await undo(plan.targetDir, existed);
    // Handlebars reports a parse error over several lines (the source, a caret): keep the
    // first and the last, so the failure stays one line.
    const lines = messageOf(e)
      .split('\n')
      .filter((l) => l.trim() && !/^[-\s^]+$/.test(l));
    const detail = lines.length > 1 ? `${lines[0]} ${lines.at(-1)}` : (lines[0] ?? '');
    const msg =
      e instanceof SkillError ? e.message : `Template "${plan.template}" failed: ${detail}.`;
    throw new SkillError('INTERNAL', `${msg} Nothing was created.`);
  }
  if (plan.git && (await runQuiet('git', ['init', '-q'], plan.targetDir, 'ignore')) !== 0)
    io.out(
      'git init did not run (is git installed?); the skill is created without a repository.\n',
    );
  if (plan.checkout) {
    io.out(
      `\nPacking this clone's packages into ${VENDOR_DIR}/ (--registry-deps uses the registry's)...\n`,
    );
    await wireToCheckout(plan.checkout, plan.targetDir).catch(async (e: unknown) => {
      await undo(plan.targetDir, existed);
      throw e;
    });
  }
  let installed = false;
  if (plan.install) {
    io.out(`\nInstalling dependencies with ${plan.packageManager}...\n`);
    const code = await runQuiet(plan.packageManager, ['install'], plan.targetDir);
    if (code !== 0)
      throw new SkillError(
        'INSTALL_FAILED',
        `${plan.packageManager} install failed (exit ${code}); the skill is in ${plan.targetDir}: run "${plan.packageManager} install" there.`,
      );
    installed = true;
  }
  io.out(nextSteps(plan, io.cwd, installed));
  return 0;
}

export function nextSteps(plan: ScaffoldPlan, cwd: string, installed: boolean): string {
  const pm = plan.packageManager;
  const runScript = (s: string) => (pm === 'npm' ? `npm run ${s}` : `${pm} ${s}`);
  // The comments start in one column, whatever the package manager's name adds.
  const column = runScript('validate').length + 8;
  const pad = (command: string) => ' '.repeat(Math.max(2, column - command.length));
  const dir = relative(cwd, plan.targetDir) || '.';
  const lines = [
    '',
    `Created ${plan.name} from the "${plan.template}" template in ${dir}.`,
    '',
    'Next steps:',
    `  cd ${dir}`,
    ...(installed ? [] : [`  ${pm} install`]),
    ...(plan.template === 'docs'
      ? [`  edit SKILL.md, then ${runScript('validate')}`]
      : [
          `  ${pm} test${pad(`${pm} test`)}run the tool's tests (fake config, storage and auth)`,
          `  ${runScript('validate')}${pad(runScript('validate'))}build, then check it as the host and registry will`,
        ]),
    `  ${runScript('release')}${pad(runScript('release'))}publish with changesets (see README.md)`,
    '',
  ];
  return lines.join('\n');
}
