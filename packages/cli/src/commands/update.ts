// `openclaw-skill update [name]`: the newest version in the range each skill was installed with
// (one skill, or all); `--latest` goes to the registry's latest, leaving the range.
import type { Command } from 'commander';
import type { ListEntry } from '@openclaw/skill-host/internal';
import { openHost } from '../host.js';
import { managedRefusal } from './managed.js';
import type { Io } from '../io.js';
import { findServe, homeOf, throughServe, updateViaServe } from '../serve-client.js';
import type { GlobalOptions } from '../options.js';
import { ALLOW_LOCAL_DEPS, consentOptions, printResults, progress } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  cmd
    .argument('[name]', 'skill name (default: every installed skill)')
    .option('--registry <url>', 'npm registry (default: where the skill came from)')
    .option('-y, --yes', 'accept the new version without asking')
    .option(
      '--latest',
      "install the registry's latest version even outside the range the skill was installed with",
    )
    .option(...ALLOW_LOCAL_DEPS)
    .action(async (name: string | undefined) => {
      const opts = cmd.optsWithGlobals<
        GlobalOptions & {
          registry?: string;
          yes?: boolean;
          allowLocalDeps?: boolean;
          latest?: boolean;
        }
      >();
      const latest = opts.latest ? { latest: true } : {};
      const serve = await findServe(homeOf(opts, io));
      if (serve) {
        io.stderr(throughServe(serve));
        if (name !== undefined) {
          const { skills } = await serve.request<{ skills: ListEntry[] }>('GET', '/skills');
          const refused = managedRefusal(name, skills, 'update');
          if (refused) throw refused;
        }
        return printResults(
          io,
          opts.json,
          await updateViaServe(serve, name, { ...consentOptions(opts, io), ...latest }),
        );
      }
      const host = await openHost(opts, io);
      try {
        const refused =
          name === undefined ? undefined : managedRefusal(name, host.skills, 'update');
        if (refused) throw refused;
        const results = await host.update(name, {
          ...consentOptions(opts, io),
          ...latest,
          onProgress: progress(io, opts.json),
        });
        printResults(io, opts.json, results);
      } finally {
        await host.close();
      }
    });
}
