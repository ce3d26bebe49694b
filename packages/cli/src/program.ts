// The `openclaw-skill` command. Each command lives in commands/<name>.ts and registers
// itself here; global options (--home, --workspace, --json) are accepted before or after
// the command name.
import { Command, CommanderError } from 'commander';
import { isSkillError } from '@openclaw/skill-sdk';
import { EXIT, UsageError, type Io } from './io.js';
import { registerValidate } from './commands/validate.js';
import { registerList } from './commands/list.js';
import { registerPrompt } from './commands/prompt.js';
import { registerTools } from './commands/tools.js';
import { registerCall } from './commands/call.js';
import { configure as configureInstall } from './commands/install.js';
import { configure as configureUpdate } from './commands/update.js';
import { configure as configureRemove } from './commands/remove.js';
import { configure as configureRollback } from './commands/rollback.js';
import { configure as configureDev } from './commands/dev.js';

export interface GlobalOptions {
  home?: string;
  workspace?: string;
  json?: boolean;
}

export type Register = (program: Command, io: Io) => void;

const commands: Register[] = [
  registerValidate,
  registerList,
  registerPrompt,
  registerTools,
  registerCall,
  (program, io) => configureInstall(program.command('install'), io),
  (program, io) => configureUpdate(program.command('update'), io),
  (program, io) => configureRemove(program.command('remove'), io),
  (program, io) => configureRollback(program.command('rollback'), io),
  (program, io) => configureDev(program.command('dev'), io),
];

export function buildProgram(io: Io): Command {
  const program = new Command('openclaw-skill')
    .description('Run, inspect and validate OpenClaw and Agent Skills.')
    .option(
      '--home <dir>',
      'state folder (env OPENCLAW_SKILLS_HOME; default ~/.openclaw/skill-host)',
    )
    .option(
      '--workspace <dir>',
      'workspace whose skills/ and .agents/skills/ come first (default: current folder)',
    )
    .option('--json', 'print machine-readable JSON')
    .enablePositionalOptions(false)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
    });
  for (const register of commands) register(program, io);
  // Global options after the command name reach the command too.
  for (const cmd of program.commands) {
    if (!cmd.options.some((o) => o.long === '--json'))
      cmd.option('--json', 'print machine-readable JSON');
    if (!cmd.options.some((o) => o.long === '--home')) cmd.option('--home <dir>', 'state folder');
    if (!cmd.options.some((o) => o.long === '--workspace'))
      cmd.option('--workspace <dir>', 'workspace folder');
    cmd
      .exitOverride()
      .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) });
  }
  return program;
}

/** Merged global + command options. */
export function globalOptions(cmd: Command): GlobalOptions {
  return cmd.optsWithGlobals() as GlobalOptions;
}

/** Runs the CLI and returns the exit code (0 ok, 1 user error, 2 bad usage). */
export async function run(argv: string[], io: Io): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return io.exitCode ?? EXIT.OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (
        e.code === 'commander.helpDisplayed' ||
        e.code === 'commander.version' ||
        e.code === 'commander.help'
      )
        return EXIT.OK;
      return EXIT.USAGE;
    }
    if (e instanceof UsageError) {
      io.stderr(`openclaw-skill: ${e.message}\n`);
      return EXIT.USAGE;
    }
    if (isSkillError(e)) {
      io.stderr(`openclaw-skill: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}\n`);
      return EXIT.ERROR;
    }
    io.stderr(`openclaw-skill: ${(e as Error).message ?? String(e)}\n`);
    return EXIT.ERROR;
  }
}
