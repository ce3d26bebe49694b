// `openclaw-skill remove <name> [--purge]`: takes an installed skill's tools away; its storage
// is the user's data and stays unless --purge.
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { removeViaServe } from '../serve-client.js';
import { configureByName } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  cmd.option('--purge', "also delete the skill's storage (<home>/storage/<name>)");
  configureByName<{ purge?: boolean }>(cmd, io, {
    verb: 'remove',
    viaServe: (serve, name, o) => removeViaServe(serve, name, { purge: o.purge === true }),
    local: (host, name, o) =>
      host.remove(name, { onProgress: o.onProgress, purge: o.purge === true }),
  });
}
