// What an install proved about each skill in the store (the registry signature and the
// provenance checked at install), read from the lockfile for the dashboard's skill view. A
// shared store keeps its lockfile in Postgres: the view then shows nothing rather than opening
// a connection for it, and the page says nothing it cannot back.
import type { LockFile } from '../install/types.js';
import { readLock } from '../install/lockfile.js';
import type { ProvenanceInfo, SignatureStatus } from '../install/trust-types.js';
import { hostPaths } from '../paths.js';

/** What the install checked; present for every skill the lockfile lists. */
export interface SkillTrust {
  /** Registry installs: the registry signature status found at install. */
  signature?: SignatureStatus;
  /** A verified provenance attestation; absent when the package had none. */
  provenance?: ProvenanceInfo;
}

/** Each lockfile entry's signature and provenance, by skill name (pure). */
export function trustFromLock(lock: LockFile): Map<string, SkillTrust> {
  const out = new Map<string, SkillTrust>();
  for (const [name, e] of Object.entries(lock.skills)) {
    out.set(name, {
      ...(e.signature && { signature: e.signature }),
      ...(e.provenance && { provenance: e.provenance }),
    });
  }
  return out;
}

/** The home's lockfile read for the view; an unreadable one shows no trust facts. */
export async function trustByName(host: {
  home: string;
  config: { store?: unknown };
}): Promise<Map<string, SkillTrust>> {
  if (host.config.store) return new Map();
  const lock = await readLock(hostPaths(host.home).lockfile).catch(() => undefined);
  return lock ? trustFromLock(lock) : new Map();
}
