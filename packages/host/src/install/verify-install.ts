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
  type RegistryKey,
  signatureOptions,
  signatureStatus,
  signatureWarnings,
  type SignatureStatus,
} from './signatures.js';
import {
  checkSubjects,
  sigstoreTrustedRoot,
  verifyAttestations,
  type AttestationsDocument,
  type ProvenanceInfo,
} from './provenance.js';
import type { InstallSummary } from './types.js';
import type { NpmOptions } from './npm-config.js';
import { authHeaders, refusedError, refusedStatus } from './registry-auth.js';

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
  /** A verified provenance attestation; absent when the version has none. */
  provenance?: ProvenanceInfo;
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
    const keys = await registryKeys(o.registry, {
      dir,
      refresh,
      headers: authHeaders(o.registry, o.registry, o.npm ?? {}),
    });
    const fetched = await fetchPackage(spec, dest, {
      ...o,
      pacote: { ...o.pacote, ...signatureOptions(o.registry, keys) },
    });
    const signature = signatureStatus(o.registry, keys, fetched.signatures);
    const provenance = fetched.attestations
      ? await provenanceOf(fetched, { registry: o.registry, keys, home: o.home, npm: o.npm })
      : undefined;
    return { fetched, signature, ...(provenance && { provenance }) };
  };
  try {
    return await attempt(false);
  } catch (e) {
    const code = ((e as SkillError).cause as NodeJS.ErrnoException | undefined)?.code;
    if (code !== 'EMISSINGSIGNATUREKEY') throw e;
    return attempt(true);
  }
}

/**
 * The version's attestations, fetched from the registry it was installed from (as pacote does:
 * the attestation URL's path on this registry) and verified (provenance.ts).
 */
async function provenanceOf(
  fetched: Fetched,
  o: { registry: string; keys: RegistryKey[] | null; home: string; npm?: NpmOptions },
): Promise<ProvenanceInfo> {
  const id = `${fetched.package}@${fetched.version}`;
  const url = new URL(new URL(fetched.attestations!.url).pathname, o.registry);
  let document: AttestationsDocument;
  // The attestation is asked for with the credentials the package was fetched with.
  const headers = authHeaders(url.href, o.registry, o.npm ?? {});
  try {
    const res = await fetch(url, { headers: { accept: 'application/json', ...headers } });
    const status = refusedStatus(res);
    if (status) {
      const what = `the provenance attestation of ${id}`;
      throw refusedError({
        registry: o.registry,
        status,
        what,
        credentialsSent: 'authorization' in headers,
      });
    }
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    document = (await res.json()) as AttestationsDocument;
  } catch (e) {
    if (e instanceof SkillError) throw e;
    throw new SkillError(
      'INSTALL_FAILED',
      `${id} names a provenance attestation that ${o.registry} did not serve (${(e as Error).message}); nothing was installed.`,
      {
        cause: e,
        hint: 'Try again later; a package whose provenance cannot be read is not installed.',
      },
    );
  }
  const subject = {
    name: fetched.package,
    version: fetched.version,
    integrity: fetched.integrity,
    document,
  };
  checkSubjects(subject);
  return verifyAttestations({
    ...subject,
    trustedRoot: await sigstoreTrustedRoot(join(o.home, 'cache', 'sigstore-tuf')),
    registryKeys: o.keys,
  });
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

/** Records the provenance on the summary; without one, `install.requireProvenance` refuses. */
export function applyProvenance(
  summary: InstallSummary,
  verified: { registry: boolean; provenance?: ProvenanceInfo },
  o: { requireProvenance: boolean; config: string },
): void {
  if (verified.provenance) summary.provenance = verified.provenance;
  else if (o.requireProvenance) {
    throw new SkillError(
      'INSTALL_FAILED',
      `${summary.package}@${summary.version} has no provenance attestation (${verified.registry ? 'it was not published from a CI that attests where it was built' : 'only a registry package can carry one'}); nothing was installed.`,
      {
        hint: `install.requireProvenance is set in ${o.config}: ask the publisher to publish with provenance, or unset it.`,
      },
    );
  }
}
