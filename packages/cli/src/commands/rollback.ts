// `openclaw-skill rollback <name>`: back to the version before the last install or update.
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { rollbackViaServe } from '../serve-client.js';
import { configureByName } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  configureByName(cmd, io, {
    description: 'Return an installed skill to its previous version',
    viaServe: rollbackViaServe,
    local: (host, name, onProgress) => host.rollback(name, { onProgress }),
  });
}
