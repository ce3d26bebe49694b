// The contract between the program and a command file. A command is one file under
// commands/ that exports `configure`, and one entry in commands/index.ts; the file is
// imported only when its command runs, so `--help` and other commands never pay for it.
// The entry's summary is the command's one description: the program sets it before the file
// loads, so the command list and `<command> --help` cannot say different things.
import type { Command } from 'commander';
import type { Io } from './io.js';

/** Adds the command's arguments, options (and subcommands) and its action. */
export type ConfigureCommand = (cmd: Command, io: Io) => void;

export interface CommandEntry {
  /** The word typed after `openclaw-skill`. */
  name: string;
  /**
   * One line for the command list in `openclaw-skill --help`, and the first line of
   * `openclaw-skill <name> --help`. Command files do not restate it.
   */
  summary: string;
  load(): Promise<{ configure: ConfigureCommand }>;
}

/**
 * For a command with more to say than its summary: the text goes in its `--help` under the
 * summary, as a paragraph of its own, while the command list keeps showing the summary alone.
 */
export function addHelpBody(cmd: Command, body: string): Command {
  const summary = cmd.summary() || cmd.description();
  return cmd.summary(summary).description(`${summary}\n\n${body}`);
}
