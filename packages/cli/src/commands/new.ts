// `openclaw-skill new [name]`: the scaffolder (create-openclaw-skill) for people who already
// have the CLI. It runs that package's own bin in a child process (no shell), so both entry
// points are one program, and its prompts and exit code stay out of this process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { SkillError, type ErrorCode } from '@openclaw/skill-sdk';
import type { FailureJson } from 'create-openclaw-skill';
import { PACKAGE_MANAGERS, TEMPLATES } from 'create-openclaw-skill/options';
import { addHelpBody } from '../command.js';
import { EXIT, printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { scaffolderCommand } from '../scaffolder.js';

interface NewOptions {
  template?: string;
  description?: string;
  yes?: boolean;
  pm?: string;
  skipInstall?: boolean;
  registryDeps?: boolean;
  git?: boolean;
  json?: boolean;
}

/** The scaffolder's arguments for these options (each value its own argv entry). */
export function scaffolderArgs(name: string | undefined, o: NewOptions): string[] {
  return [
    ...(name !== undefined ? [name] : []),
    ...(o.template !== undefined ? ['--template', o.template] : []),
    ...(o.description !== undefined ? ['--description', o.description] : []),
    ...(o.pm !== undefined ? ['--pm', o.pm] : []),
    ...(o.yes || o.json ? ['--yes'] : []),
    ...(o.skipInstall ? ['--skip-install'] : []),
    ...(o.registryDeps ? ['--registry-deps'] : []),
    ...(o.git === false ? ['--no-git'] : []),
  ];
}

const FAIL_FD = 3;

export function configure(cmd: Command, io: Io): void {
  addHelpBody(cmd, 'The same as npm create openclaw-skill.')
    .argument('[name]', 'folder, npm package and skill name (asked for when missing)')
    // The scaffolder's own lists, checked here too so a bad choice is bad usage before it runs.
    .addOption(
      new Option('-t, --template <name>', 'the template (default: tool)').choices(TEMPLATES),
    )
    .option('-d, --description <text>', 'what the skill does and when to use it')
    .option('-y, --yes', 'take the defaults, ask nothing')
    .addOption(
      new Option('--pm <manager>', 'package manager (default: the one that ran this)').choices(
        PACKAGE_MANAGERS,
      ),
    )
    .option('--skip-install', 'do not install dependencies')
    .option(
      '--registry-deps',
      "in a clone of openclaw-skills: depend on the registry's versions, not the clone's packages",
    )
    .option('--no-git', 'do not run git init')
    .option('--json', 'print { name, dir, template } when done (the progress goes to stderr)')
    .addHelpText(
      'after',
      '\nThe folder is made in the current folder. Exit status: 0 created, 1 refused or failed, 2 bad usage.',
    )
    .action(async (name: string | undefined) => {
      const opts = globalOptions<NewOptions>(cmd);
      const args = scaffolderArgs(name, opts);
      const interactive = io.isTTY && !opts.json;
      let failure = '';
      const code = await new Promise<number>((done) => {
        const scaffolder = scaffolderCommand();
        const child = spawn(scaffolder.command, [...scaffolder.args, ...args], {
          cwd: io.cwd,
          // The scaffolder names this command in its messages and hands its failure back
          // (as JSON on FAIL_FD), so it is reported like any other command's.
          env: {
            ...io.env,
            OPENCLAW_SKILL_SCAFFOLD_COMMAND: 'openclaw-skill new',
            // Through npm exec there is no fourth descriptor to hand the failure back on.
            ...(scaffolder.direct && { OPENCLAW_SKILL_SCAFFOLD_ERROR_FD: String(FAIL_FD) }),
          },
          shell: false,
          stdio: interactive
            ? ['inherit', 'inherit', 'inherit', 'pipe']
            : ['ignore', 'pipe', 'pipe', 'pipe'],
        });
        child.stdout?.on('data', (d: Buffer) => (opts.json ? io.stderr : io.stdout)(String(d)));
        child.stderr?.on('data', (d: Buffer) => io.stderr(String(d)));
        child.stdio[FAIL_FD]?.on('data', (d: Buffer) => (failure += String(d)));
        child.once('error', (e) => {
          failure = JSON.stringify({
            code: 'INTERNAL',
            message: `Could not start the scaffolder: ${e.message}`,
          });
          done(EXIT.ERROR);
        });
        child.once('close', (c) => done(c ?? EXIT.ERROR));
      });
      if (code !== 0) throw scaffoldError(failure, code);
      if (opts.json && name !== undefined)
        printJson(io, {
          name: name.split(/[\\/]/).pop(),
          dir: resolve(io.cwd, name),
          template: opts.template ?? 'tool',
        });
    });
}

/** The scaffolder's failure as this command's error (its exit code when it said nothing). */
function scaffoldError(failure: string, exit: number): SkillError {
  // The scaffolder's failure, read from the descriptor it writes it to (see its bin).
  let f: FailureJson | undefined;
  try {
    f = JSON.parse(failure.trim().split('\n').at(-1) ?? '') as FailureJson;
  } catch {
    f = undefined;
  }
  if (f && typeof f.code === 'string' && typeof f.message === 'string')
    return new SkillError(f.code as ErrorCode, f.message, f.hint ? { hint: f.hint } : {});
  return new SkillError(
    exit === EXIT.USAGE ? 'USAGE' : 'INTERNAL',
    `The scaffolder failed (exit ${exit}); nothing more was said.`,
  );
}
