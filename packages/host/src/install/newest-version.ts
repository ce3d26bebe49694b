// The newest version a registry offers for one range, asked the way the fetch step asks
// (pacote, the host's npm cache, the user's npm credentials, online first so a new release is
// seen at once).
import { createRequire } from 'node:module';
import type { NpmOptions } from './npm-config.js';
import type { NewestVersion } from './shared-deps.js';

type Pacote = typeof import('pacote');
let pacote: Pacote | undefined;

export function newestVersionFrom(o: {
  registry: string;
  cache: string;
  npm?: NpmOptions;
}): NewestVersion {
  return async (name, range) => {
    pacote ??= createRequire(import.meta.url)('pacote') as Pacote;
    const m = await pacote.manifest(`${name}@${range}`, {
      ...o.npm,
      registry: o.registry,
      cache: o.cache,
      preferOnline: true,
      silent: true,
    });
    return m.version;
  };
}
