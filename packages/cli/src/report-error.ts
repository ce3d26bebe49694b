// How a failed command is reported, for every command at once: one human line (and its hint)
// on stderr, and with --json also one object `{ "error": { code, message, hint? } }` on
// stdout, so a script reading stdout always gets JSON. The exit code follows one rule:
// 0 ok, 1 a user error with valid usage, 2 bad usage (USAGE, or commander's parse errors).
// Messages are printed as they were made: errors are redacted where they are thrown, and
// nothing here adds the command line or any other raw input.
import { CommanderError } from 'commander';
import { EXIT, printJson, type Io } from './io.js';

export interface ErrorJson {
  error: { code: string; message: string; hint?: string };
}

/** Whether the command line asks for --json (before a `--`, where options end). */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/** commander's message as one line: "error: unknown option '--x'\n(Did you mean ...)" */
function commanderMessage(e: CommanderError): string {
  // Help shown because the command line was incomplete (no command, a group without one of
  // its subcommands) has no message of its own.
  if (e.code === 'commander.help') return 'A command (or a subcommand of a group) is missing.';
  return e.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
}

/**
 * Prints a failure (commander has already printed its own) and returns the exit code.
 * `json`: the command line asked for --json and the command printed no JSON of its own.
 */
export async function reportError(e: unknown, io: Io, json: boolean): Promise<number> {
  if (e instanceof CommanderError) {
    // Help or the version that was asked for is not a failure.
    if (e.exitCode === 0) return EXIT.OK;
    if (json)
      printError(io, {
        code: 'USAGE',
        message: commanderMessage(e),
        hint: 'Run openclaw-skill --help (or openclaw-skill <command> --help) for usage.',
      });
    return EXIT.USAGE;
  }
  // The SDK loads only when something failed: a successful --help never pays for it.
  const { isSkillError } = await import('@openclaw/skill-sdk');
  const error: ErrorJson['error'] = isSkillError(e)
    ? { code: e.code, message: e.message, ...(e.hint && { hint: e.hint }) }
    : { code: 'INTERNAL', message: (e as Error)?.message ?? String(e) };
  io.stderr(`openclaw-skill: ${error.message}${error.hint ? `\n  hint: ${error.hint}` : ''}\n`);
  if (json) printError(io, error);
  return error.code === 'USAGE' ? EXIT.USAGE : EXIT.ERROR;
}

function printError(io: Io, error: ErrorJson['error']): void {
  printJson(io, { error } satisfies ErrorJson);
}
