// `openclaw-skill rollback <name> [--to <version>]`: back to the version installed before the
// serving one (each rollback goes one further back), or to any kept version.
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { rollbackViaServe } from '../serve-client.js';
import { configureByName } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  cmd.option('--to <version>', 'roll back (or forward) to this kept version');
  configureByName<{ to?: string }>(cmd, io, {
    verb: 'rollback',
    viaServe: (serve, name, o) => rollbackViaServe(serve, name, { ...(o.to && { to: o.to }) }),
    local: (host, name, o) =>
      host.rollback(name, { onProgress: o.onProgress, ...(o.to && { to: o.to }) }),
  });
}
