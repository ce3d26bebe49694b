// A real provenance attestation of a published package (sigstore@0.4.0, as its registry serves
// it: a keyless SLSA provenance bundle and a publish attestation signed with the registry's
// key), verified offline against Sigstore's trusted root and the registry's keys kept here as
// fixtures. No network: every input is a committed file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { purlOf, verifyAttestations, type AttestationsDocument } from './provenance.js';
import type { RegistryKey } from './signatures.js';

const fixture = (f: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'provenance', f), 'utf8'));

const document = fixture('sigstore-0.4.0.attestations.json') as AttestationsDocument;
const trustedRoot = fixture('trusted-root.json');
const registryKeys = (fixture('registry-keys.json').keys as Omit<RegistryKey, 'pemkey'>[]).map(
  (k) => ({ ...k, pemkey: `-----BEGIN PUBLIC KEY-----\n${k.key}\n-----END PUBLIC KEY-----` }),
);
// The sha512 the statements name, as the tarball's SRI integrity.
const integrity = `sha512-${Buffer.from(
  '282c0c5fa936d264321643581b65d3de5c0af6ed4fdfac12f5851115df39cc25cfaf0ad22d908487bfef30114d61c25746206d1834be4f8fd1659178f77cc004',
  'hex',
).toString('base64')}`;

const base = { name: 'sigstore', version: '0.4.0', integrity, trustedRoot, registryKeys };
const clone = (): AttestationsDocument => structuredClone(document);

describe('verifyAttestations on a real bundle, offline', () => {
  it('verifies sigstore@0.4.0 and reports its repository, commit, workflow and builder', () => {
    expect(verifyAttestations({ ...base, document })).toEqual({
      status: 'verified',
      predicateType: 'https://slsa.dev/provenance/v0.2',
      sourceRepository: 'https://github.com/sigstore/sigstore-js',
      commit: '8a2ee2fd20dda58ffa4a8d808a65cb1e04711c03',
      workflow: 'sigstore/sigstore-js/.github/workflows/publish.yml@refs/tags/v0.4.0',
      builder: 'https://github.com/npm/cli@9.2.0',
      trigger: 'release',
    });
  });

  it('a tampered DSSE signature fails, naming the package', () => {
    const doc = clone();
    const env = (doc.attestations[0]!.bundle as { dsseEnvelope: { signatures: { sig: string }[] } })
      .dsseEnvelope;
    const sig = Buffer.from(env.signatures[0]!.sig, 'base64');
    sig.writeUInt8(sig.readUInt8(sig.length - 1) ^ 0x01, sig.length - 1);
    env.signatures[0]!.sig = sig.toString('base64');
    expect(() => verifyAttestations({ ...base, document: doc })).toThrow(
      /^sigstore@0\.4\.0 was refused: its provenance attestation does not verify/,
    );
  });

  it('a statement rewritten to claim another commit fails (the signature no longer covers it)', () => {
    const doc = clone();
    const env = (doc.attestations[0]!.bundle as { dsseEnvelope: { payload: string } }).dsseEnvelope;
    const text = Buffer.from(env.payload, 'base64').toString('utf8');
    env.payload = Buffer.from(text.replaceAll('8a2ee2fd', '0badc0de')).toString('base64');
    expect(() => verifyAttestations({ ...base, document: doc })).toThrow(/does not verify/);
  });

  it('another tarball (integrity) or another version is refused before any signature is checked', () => {
    expect(() =>
      verifyAttestations({ ...base, document, integrity: `sha512-${'A'.repeat(86)}==` }),
    ).toThrow(/was made for another tarball/);
    expect(() => verifyAttestations({ ...base, document, version: '0.4.1' })).toThrow(
      'sigstore@0.4.1 was refused: its provenance attestation names pkg:npm/sigstore@0.4.0, not pkg:npm/sigstore@0.4.1; nothing was installed.',
    );
  });

  it('a publish attestation whose key the registry does not publish is refused', () => {
    expect(() => verifyAttestations({ ...base, document, registryKeys: [] })).toThrow(
      /signed with the key SHA256:jl3bwswu80PjjokCgh0o2w5c2U4LhQAE57gj9cz1kzA, which the registry does not publish/,
    );
  });

  it('a trusted root without the signing CA fails the keyless bundle', () => {
    const root = structuredClone(trustedRoot) as { certificateAuthorities: unknown[] };
    root.certificateAuthorities = [];
    expect(() => verifyAttestations({ ...base, document, trustedRoot: root })).toThrow(
      /does not verify/,
    );
  });

  it('purls escape the scope as npm writes them', () => {
    expect(purlOf('@acme/weather', '1.0.0')).toBe('pkg:npm/%40acme/weather@1.0.0');
  });
});
