// `openclaw-skill remove <name>`: takes an installed skill's tools away.
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { removeViaServe } from '../serve-client.js';
import { configureByName } from './install-io.js';

export function configure(cmd: Command, io: Io): void {
  configureByName(cmd, io, {
    description: 'Remove an installed skill (its store folder and lockfile entry)',
    viaServe: removeViaServe,
    local: (host, name, onProgress) => host.remove(name, { onProgress }),
  });
}
