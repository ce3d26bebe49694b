// `openclaw-skill remove <name>`: takes an installed skill's tools away.
import type { Command } from 'commander';
import { openHost } from '../host.js';
import type { Io } from '../io.js';
import { findServe, homeOf, removeViaServe, throughServe } from '../serve-client.js';
import type { GlobalOptions } from '../options.js';
import { printResults, progress } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  cmd
    .description('Remove an installed skill (its store folder and lockfile entry)')
    .argument('<name>', 'skill name')
    .action(async (name: string) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      const serve = await findServe(homeOf(opts, io));
      if (serve) {
        io.stderr(throughServe(serve));
        return printResults(io, opts.json, [await removeViaServe(serve, name)]);
      }
      const host = await openHost(opts, io);
      try {
        printResults(io, opts.json, [
          await host.remove(name, { onProgress: progress(io, opts.json) }),
        ]);
      } finally {
        await host.close();
      }
    });
}
