// The contract between the program and a command file. A command is one file under
// commands/ that exports `configure`, and one entry in commands/index.ts; the file is
// imported only when its command runs, so `--help` and other commands never pay for it.
import type { Command } from 'commander';
import type { Io } from './io.js';

/** Adds the command's arguments, options (and subcommands) and its action. */
export type ConfigureCommand = (cmd: Command, io: Io) => void;

export interface CommandEntry {
  /** The word typed after `openclaw-skill`. */
  name: string;
  /** One line for the command list in `openclaw-skill --help`. */
  summary: string;
  load(): Promise<{ configure: ConfigureCommand }>;
}
