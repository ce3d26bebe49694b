// `openclaw-skill rollback <name>`: back to the version before the last install or update.
import type { Command } from 'commander';
import { openHost } from '../host.js';
import type { Io } from '../io.js';
import { findServe, homeOf, rollbackViaServe, throughServe } from '../serve-client.js';
import type { GlobalOptions } from '../options.js';
import { printResults, progress } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  cmd
    .description('Return an installed skill to its previous version')
    .argument('<name>', 'skill name')
    .action(async (name: string) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      const serve = await findServe(homeOf(opts, io));
      if (serve) {
        io.stderr(throughServe(serve));
        return printResults(io, opts.json, [await rollbackViaServe(serve, name)]);
      }
      const host = await openHost(opts, io);
      try {
        printResults(io, opts.json, [
          await host.rollback(name, { onProgress: progress(io, opts.json) }),
        ]);
      } finally {
        await host.close();
      }
    });
}
