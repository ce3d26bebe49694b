// What a registry install is checked against before consent: the registry's signature
// (signatures.ts). Fetching goes through here so that a registry spec is fetched with the
// registry's keys, and a signature naming a key the cached set lacks (the registry rotated its
// keys) fetches the keys again once before it fails.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type npaModule from 'npm-package-arg';
import { SkillError } from '@openclaw/skill-sdk';
import { fetchPackage, type Fetched, type FetchOptions } from './fetch.js';
import {
  registryKeys,
  signatureOptions,
  signatureStatus,
  signatureWarnings,
  type SignatureStatus,
} from './signatures.js';
import type { InstallSummary } from './types.js';

let npa: typeof npaModule | undefined;
const loadNpa = () =>
  (npa ??= createRequire(import.meta.url)('npm-package-arg') as typeof npaModule);

/** `<home>/cache/registry-keys`: each registry's signing keys, fetched at most once a day. */
export const keysDir = (home: string): string => join(home, 'cache', 'registry-keys');

const isRegistrySpec = (spec: string): boolean => {
  try {
    return loadNpa()(spec).registry === true;
  } catch {
    return false;
  }
};

export interface VerifiedFetch {
  fetched: Fetched;
  /** Absent for a tarball, folder or URL install (no registry signs those). */
  signature?: SignatureStatus;
}

/** fetchPackage, with the registry's signatures checked for a registry spec. */
export async function fetchVerified(
  spec: string,
  dest: string,
  o: FetchOptions & { home: string },
): Promise<VerifiedFetch> {
  if (!isRegistrySpec(spec)) return { fetched: await fetchPackage(spec, dest, o) };
  const dir = keysDir(o.home);
  const attempt = async (refresh: boolean) => {
    const keys = await registryKeys(o.registry, { dir, refresh });
    const fetched = await fetchPackage(spec, dest, {
      ...o,
      pacote: { ...o.pacote, ...signatureOptions(o.registry, keys) },
    });
    return { fetched, signature: signatureStatus(o.registry, keys, fetched.signatures) };
  };
  try {
    return await attempt(false);
  } catch (e) {
    const code = ((e as SkillError).cause as NodeJS.ErrnoException | undefined)?.code;
    if (code !== 'EMISSINGSIGNATUREKEY') throw e;
    return attempt(true);
  }
}

/** Records the signature status on the summary: a warning, or a refusal when required. */
export function applySignature(
  summary: InstallSummary,
  signature: SignatureStatus | undefined,
  o: { requireSignatures: boolean; config: string },
): void {
  if (!signature) return;
  summary.signature = signature;
  summary.warnings.push(
    ...signatureWarnings(`${summary.package}@${summary.version}`, signature, {
      require: o.requireSignatures,
      config: o.config,
    }),
  );
}
