// Opens a skill host for one CLI command from the global options.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSkillHost, type SkillHost, type SkillHostOptions } from '@openclaw/skill-host';
import type { Io } from './io.js';
import type { GlobalOptions } from './options.js';

/**
 * The user's home (~/.agents/skills, ~/.openclaw/skills, the default state folder), from the
 * environment the command was given, never from the process: a test sets HOME and never sees
 * the real one.
 */
export const userHomeOf = (io: Io): string | undefined => io.env.HOME ?? io.env.USERPROFILE;

export async function openHost(
  opts: GlobalOptions,
  io: Io,
  extra: Partial<SkillHostOptions> = {},
): Promise<SkillHost> {
  const userHome = userHomeOf(io);
  const workspace = resolve(io.cwd, opts.workspace ?? '.');
  return createSkillHost({
    ...(opts.home && { home: resolve(io.cwd, opts.home) }),
    workspace,
    // Run inside a skill's own folder (an author trying it), the workspace is that skill.
    ...(existsSync(join(workspace, 'SKILL.md')) && { skillFolders: [workspace] }),
    ...(userHome && { userHome }),
    // A CLI user reads the command's own one-line errors; host logs only when asked.
    env: { OPENCLAW_SKILLS_LOG_LEVEL: 'error', ...io.env },
    // With a shared store, the home's `serve` follows other hosts' installs; a command does not.
    followInstalls: false,
    ...extra,
  });
}
