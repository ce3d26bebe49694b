// Provenance: a package published from a public CI carries a signed statement of where it was
// built (`dist.attestations`). It is checked as npm checks it (pacote's verifyAttestations),
// with the Sigstore libraries npm uses: each attestation's statement must name this package
// and version (as a purl) and this tarball's sha512; the keyless provenance bundle must chain
// to Sigstore's Fulcio CA and be recorded in its transparency log; a keyed publish attestation
// must verify with the registry's key of its keyid. What the verified SLSA statement says
// (source repository, commit, workflow, builder) is what the consent screen shows.
//
// The trust material (Fulcio CAs, the transparency and certificate logs' keys) comes from
// Sigstore's TUF repository, cached in the host home, exactly as `npm audit signatures` gets
// it; `verifyAttestations` takes it as data so it can be checked offline.
import { createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as BundleModule from '@sigstore/bundle';
import type * as SpecsModule from '@sigstore/protobuf-specs';
import type * as TufModule from '@sigstore/tuf';
import type * as VerifyModule from '@sigstore/verify';
import { SkillError } from '@openclaw/skill-sdk';
import type { RegistryKey } from './signatures.js';
import type { ProvenanceInfo } from './trust-types.js';

export type { ProvenanceInfo } from './trust-types.js';

/** The registry's attestations document (`/-/npm/v1/attestations/<name>@<version>`). */
export interface AttestationsDocument {
  attestations: { predicateType: string; bundle: unknown }[];
}

export interface VerifyAttestationsOptions {
  name: string;
  version: string;
  /** The tarball's SRI integrity (`sha512-...`). */
  integrity: string;
  document: AttestationsDocument;
  /** Sigstore's trusted root (JSON, as its TUF repository serves `trusted_root.json`). */
  trustedRoot: unknown;
  /** The registry's keys, for keyed (publish) attestations. */
  registryKeys: RegistryKey[] | null;
}

const load = <T>(id: string): T => createRequire(import.meta.url)(id) as T;

const SLSA_PREFIX = 'https://slsa.dev/provenance/';

/** npm's purl of a registry package: `pkg:npm/%40scope/name@1.0.0`. */
export const purlOf = (name: string, version: string): string =>
  `pkg:npm/${name.replace(/^@/, '%40')}@${version}`;

const refusal = (id: string, name: string, why: string, cause?: unknown) =>
  new SkillError(
    'INSTALL_FAILED',
    `${id} was refused: its provenance attestation ${why}; nothing was installed.`,
    {
      ...(cause !== undefined && { cause }),
      hint: `Do not install it; tell the publisher of ${name}. install.requireProvenance does not change this: failing provenance is always refused.`,
    },
  );

/**
 * What needs no trust material: each statement names this package, version and tarball. Run
 * first, so a mismatched attestation is refused before Sigstore's root is fetched.
 */
export function checkSubjects(
  o: Omit<VerifyAttestationsOptions, 'trustedRoot' | 'registryKeys'>,
): void {
  const id = `${o.name}@${o.version}`;
  const purl = purlOf(o.name, o.version);
  const digest = sha512Hex(o.integrity);
  if (!o.document?.attestations?.length) throw refusal(id, o.name, 'is empty');
  for (const { bundle } of o.document.attestations) {
    const subject = statementOf(bundle).subject?.[0];
    if (subject?.name !== purl) {
      throw refusal(id, o.name, `names ${subject?.name ?? 'no package'}, not ${purl}`);
    }
    if (subject.digest?.sha512 !== digest) {
      throw refusal(id, o.name, "was made for another tarball (its sha512 is not this tarball's)");
    }
  }
}

/** Verifies every attestation of `document`; returns what the SLSA provenance proves. */
export function verifyAttestations(o: VerifyAttestationsOptions): ProvenanceInfo {
  const id = `${o.name}@${o.version}`;
  checkSubjects(o);
  const { Verifier, toSignedEntity, toTrustMaterial } =
    load<typeof VerifyModule>('@sigstore/verify');
  const { bundleFromJSON } = load<typeof BundleModule>('@sigstore/bundle');
  const { TrustedRoot } = load<typeof SpecsModule>('@sigstore/protobuf-specs');
  let provenance: ProvenanceInfo | undefined;
  for (const { predicateType, bundle } of o.document.attestations) {
    const keyid = (bundle as Envelope).dsseEnvelope?.signatures?.[0]?.keyid;
    const key = keyid ? o.registryKeys?.find((k) => k.keyid === keyid) : undefined;
    if (keyid && !key) {
      throw refusal(
        id,
        o.name,
        `is signed with the key ${keyid}, which the registry does not publish`,
      );
    }
    if (key?.expires && loggedAt(bundle) >= Date.parse(key.expires)) {
      throw refusal(
        id,
        o.name,
        `was signed with the key ${keyid} after it expired (${key.expires})`,
      );
    }
    try {
      const trust = toTrustMaterial(
        TrustedRoot.fromJSON(o.trustedRoot),
        key ? () => ({ publicKey: createPublicKey(key.pemkey), validFor: () => true }) : undefined,
      );
      new Verifier(trust).verify(toSignedEntity(bundleFromJSON(bundle)));
    } catch (e) {
      throw refusal(id, o.name, `does not verify (${(e as Error).message})`, e);
    }
    if (predicateType.startsWith(SLSA_PREFIX)) {
      provenance = {
        status: 'verified',
        predicateType,
        ...slsaFacts(statementOf(bundle).predicate),
      };
    }
  }
  if (!provenance) throw refusal(id, o.name, 'holds no SLSA provenance statement');
  return provenance;
}

interface Envelope {
  dsseEnvelope?: { payload?: string; signatures?: { keyid?: string }[] };
}

interface Statement {
  subject?: { name?: string; digest?: { sha512?: string } }[];
  predicate?: Record<string, unknown>;
}

function statementOf(bundle: unknown): Statement {
  try {
    const payload = (bundle as Envelope).dsseEnvelope?.payload ?? '';
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Statement;
  } catch {
    return {};
  }
}

/** When the transparency log recorded the bundle (ms); a keyed signature must predate expiry. */
function loggedAt(bundle: unknown): number {
  const entries = (
    bundle as { verificationMaterial?: { tlogEntries?: { integratedTime?: string }[] } }
  ).verificationMaterial?.tlogEntries;
  return Number(entries?.[0]?.integratedTime ?? Number.POSITIVE_INFINITY) * 1000;
}

function sha512Hex(integrity: string): string | undefined {
  const b64 = /sha512-([A-Za-z0-9+/=]+)/.exec(integrity)?.[1];
  return b64 ? Buffer.from(b64, 'base64').toString('hex') : undefined;
}

type Facts = Omit<ProvenanceInfo, 'status' | 'predicateType'>;

/** Source, commit, workflow and builder from an SLSA v1 or v0.2 predicate. */
export function slsaFacts(predicate: Record<string, unknown> | undefined): Facts {
  const p = (predicate ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const facts: Facts = {};
  const set = (k: keyof Facts, v: unknown) => {
    if (typeof v === 'string' && v) facts[k] = v;
  };
  if (p.buildDefinition) {
    const wf = p.buildDefinition.externalParameters?.workflow ?? {};
    set('sourceRepository', wf.repository);
    set('workflow', wf.path && `${wf.path}${wf.ref ? `@${wf.ref}` : ''}`);
    set('commit', p.buildDefinition.resolvedDependencies?.[0]?.digest?.gitCommit);
    set('builder', p.runDetails?.builder?.id);
    set('trigger', p.buildDefinition.internalParameters?.github?.event_name);
  } else {
    const source = p.invocation?.configSource ?? {};
    const [repo] = String(source.uri ?? '').split('@');
    set('sourceRepository', repo?.replace(/^git\+/, ''));
    set('commit', source.digest?.sha1);
    set('workflow', source.entryPoint);
    set('builder', p.builder?.id);
    set('trigger', p.invocation?.environment?.GITHUB_EVENT_NAME);
  }
  return facts;
}

/** Sigstore's trusted root from its TUF repository, cached in `cachePath` (the host home). */
export async function sigstoreTrustedRoot(cachePath: string): Promise<unknown> {
  const { getTrustedRoot } = load<typeof TufModule>('@sigstore/tuf');
  const { TrustedRoot } = load<typeof SpecsModule>('@sigstore/protobuf-specs');
  try {
    return TrustedRoot.toJSON(await getTrustedRoot({ cachePath }));
  } catch (e) {
    throw new SkillError(
      'INSTALL_FAILED',
      `Sigstore's trust material could not be fetched, so the provenance cannot be checked: ${(e as Error).message}`,
      { cause: e, hint: 'Check the network and try again.' },
    );
  }
}
