// The options every command accepts, before or after the command name.
import type { Command } from 'commander';

export interface GlobalOptions {
  home?: string;
  workspace?: string;
  json?: boolean;
}

/** The command's own options merged with the global ones. */
export function globalOptions<T extends object = object>(cmd: Command): GlobalOptions & T {
  return cmd.optsWithGlobals();
}

/** Global options that take a value (the command-name scan must skip their values). */
export const VALUE_OPTIONS = ['--home', '--workspace'] as const;

/** Adds --json, --home and --workspace to a command that does not define them itself. */
export function addGlobalOptions(cmd: Command): void {
  if (!cmd.options.some((o) => o.long === '--json'))
    cmd.option('--json', 'print machine-readable JSON');
  if (!cmd.options.some((o) => o.long === '--home'))
    cmd.option(
      '--home <dir>',
      'state folder (env OPENCLAW_SKILLS_HOME; default ~/.openclaw/skill-host)',
    );
  if (!cmd.options.some((o) => o.long === '--workspace'))
    cmd.option(
      '--workspace <dir>',
      'workspace whose skills/ and .agents/skills/ come first (default: current folder)',
    );
}
