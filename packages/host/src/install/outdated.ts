// `outdated`: for each registry install, the version serving, the newest in the range it keeps
// (what `update` would install) and the registry's `latest` (what `update --latest` would).
// Both are resolved by pacote (npm's own fetcher and version picker, the host's cache, one
// packument fetch per package, revalidated), so "wanted" is exactly the version `update` gets.
import { createRequire } from 'node:module';
import { fetchError } from './fetch.js';
import { keptRange } from './range.js';
import type { LockFile } from './types.js';

/** One registry install, as `openclaw-skill outdated --json` prints it. */
export interface OutdatedEntry {
  /** The skill name. */
  name: string;
  package: string;
  /** The version installed (the lockfile's). */
  current: string;
  /** The range `update` stays in. */
  range: string;
  /** The newest version in `range`; absent when none is published any more. */
  wanted?: string;
  /** The registry's `latest` dist-tag. */
  latest?: string;
  registry: string;
}

export interface OutdatedOptions {
  cache: string;
  /** Extra npm fetch options (credentials for private registries). */
  fetchOptions?(registry: string): Record<string, unknown>;
}

type Pacote = typeof import('pacote');
const loadPacote = () => createRequire(import.meta.url)('pacote') as Pacote;

/** Every registry install of `lock` with its wanted and latest versions, sorted by name. */
export async function outdated(lock: LockFile, o: OutdatedOptions): Promise<OutdatedEntry[]> {
  const pacote = loadPacote();
  const out: OutdatedEntry[] = [];
  for (const entry of Object.values(lock.skills).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.registry) continue;
    const range = keptRange(entry);
    const opts = {
      registry: entry.registry,
      cache: o.cache,
      preferOnline: true,
      packumentCache: new Map(),
      ...o.fetchOptions?.(entry.registry),
    };
    const versionOf = (spec: string) =>
      pacote.manifest(`${entry.package}@${spec}`, opts).then(
        (m) => m.version,
        (e: NodeJS.ErrnoException) => {
          // ETARGET: nothing published satisfies it (any more); the column stays empty.
          if (e?.code === 'ETARGET') return undefined;
          throw fetchError(entry.package, entry.registry!, e, opts);
        },
      );
    const latest = await versionOf('latest');
    const wanted = await versionOf(range);
    out.push({
      name: entry.name,
      package: entry.package,
      current: entry.version,
      range,
      ...(wanted !== undefined && { wanted }),
      ...(latest !== undefined && { latest }),
      registry: entry.registry,
    });
  }
  return out;
}
