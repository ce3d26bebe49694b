import type { SkillHost } from '@openclaw/skill-host';
import { hostPaths, readLock } from '@openclaw/skill-host/internal';

/**
 * Provenance verified at install, by skill name, from the home's lockfile. A shared store keeps
 * its lockfile in Postgres; `list` then shows none rather than opening a connection for it.
 */
export async function provenanceByName(host: SkillHost): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  if (host.config.store) return out;
  const lock = await readLock(hostPaths(host.home).lockfile).catch(() => undefined);
  for (const [name, entry] of Object.entries(lock?.skills ?? {})) {
    if (entry.provenance) out.set(name, entry.provenance);
  }
  return out;
}
