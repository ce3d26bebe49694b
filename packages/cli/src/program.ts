// The `openclaw-skill` program: global options, the command list from commands/index.ts,
// and the exit-code convention (0 ok, 1 a user error, 2 bad usage). Only the command being
// run is imported (see command.ts), so `--help` and `--version` load commander and nothing
// of the host.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { CommandEntry } from './command.js';
import { COMMANDS } from './commands/index.js';
import { EXIT, type Io } from './io.js';
import { addGlobalOptions, VALUE_OPTIONS } from './options.js';
import { reportError, wantsJson } from './report-error.js';
import { cliVersion } from './version.js';

/** The exit-code rule, said once in --help (and in the docs). */
export const EXIT_RULE = [
  'Exit status: 0 ok; 1 a user error with valid usage (a path that does not exist, an',
  'invalid skill, a tool error, nothing to act on); 2 bad usage (an unknown command or',
  'option, a bad option value, a missing argument, flags that conflict). With --json, a',
  'failure also prints {"error":{"code","message","hint"}} on stdout.',
].join('\n');

/** The root program with every command listed but none loaded. */
export function buildProgram(io: Io, commands: readonly CommandEntry[] = COMMANDS): Command {
  const program = new Command('openclaw-skill')
    .description('Run, inspect and validate OpenClaw and Agent Skills.')
    .version(cliVersion(), '-v, --version', 'print the version')
    .enablePositionalOptions(false)
    .showHelpAfterError('(run with --help for usage)')
    // Set before the commands are added: commander copies these settings to subcommands.
    .exitOverride()
    // A fixed width: help reads the same everywhere, and the launcher can print it as built.
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      getOutHelpWidth: () => 80,
      getErrHelpWidth: () => 80,
    })
    .addHelpText('after', `\n${EXIT_RULE}`);
  addGlobalOptions(program);
  for (const entry of commands) program.command(entry.name).description(entry.summary);
  // Commands give their own one-line errors; a workspace that does not exist is the same
  // user error for every command, so it is checked once here.
  program.hook('preAction', async (_root, action) => checkWorkspace(action, io));
  return program;
}

/**
 * The command a command line runs: its first word that is neither an option nor the value
 * of a global option (`help <command>` names the command to describe).
 */
export function commandName(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1];
    if ((VALUE_OPTIONS as readonly string[]).includes(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return arg === 'help' ? (argv[i + 1] ?? arg) : arg;
  }
  return undefined;
}

/** Imports the named command's file and configures it, with output routed through io. */
async function loadCommand(
  program: Command,
  name: string | undefined,
  io: Io,
  commands: readonly CommandEntry[],
): Promise<void> {
  const entry = commands.find((c) => c.name === name);
  if (!entry) return;
  const cmd = program.commands.find((c) => c.name() === entry.name)!;
  const { configure } = await entry.load();
  configure(cmd, io);
  forEachCommand(cmd, addGlobalOptions);
}

function forEachCommand(cmd: Command, fn: (c: Command) => void): void {
  fn(cmd);
  for (const sub of cmd.commands) forEachCommand(sub, fn);
}

async function checkWorkspace(cmd: Command, io: Io): Promise<void> {
  const { workspace } = cmd.optsWithGlobals<{ workspace?: string }>();
  if (workspace === undefined) return;
  const dir = resolve(io.cwd, workspace);
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
  const { SkillError } = await import('@openclaw/skill-sdk');
  // A path that does not exist is a user error (exit 1), as for `validate` and `dev`.
  throw new SkillError('INVALID_INPUT', `--workspace ${workspace}: no such folder (${dir}).`);
}

/** Runs the CLI and returns the exit code (0 ok, 1 user error, 2 bad usage). */
export async function run(argv: string[], given: Io, commands = COMMANDS): Promise<number> {
  // Notes whether the command printed on stdout: with --json, a result it printed before
  // failing (pack's refusals) stays the one object, and no error object is added after it.
  let printed = false;
  const io: Io = Object.create(given) as Io;
  io.stdout = (s) => {
    printed = true;
    given.stdout(s);
  };
  const program = buildProgram(io, commands);
  // A failure is also printed as JSON when the command line asks for --json: read from argv,
  // since it may fail before commander has parsed anything.
  const json = wantsJson(argv);
  try {
    // No arguments: help on stdout and exit 0, as gh does (npm prints it on stdout too).
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT.OK;
    }
    await loadCommand(program, commandName(argv), io, commands);
    await program.parseAsync(argv, { from: 'user' });
    return io.exitCode ?? EXIT.OK;
  } catch (e) {
    return reportError(e, io, json && !printed);
  }
}
