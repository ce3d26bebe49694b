// Registry signatures checked as `npm audit signatures` checks them, against a loopback
// registry of this suite's own that signs with a key the suite makes: a valid signature is
// verified and shown, a tampered one refuses the install naming the package, an unsigned
// version warns (or is refused with install.requireSignatures), a key that had expired when
// the version was published refuses it, and the keys are fetched once per registry and cached.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { memoryIo } from '../packages/cli/src/io.js';
import { run } from '../packages/cli/src/program.js';
import { writeSkillPackage } from './support/skill-packages.js';
import {
  makeSigningKey,
  startSigningRegistry,
  type SignatureKind,
  type SigningRegistry,
} from './support/signing-registry.js';

const exec = promisify(execFile);
let registry: SigningRegistry;
let tmp: string;
const expiredKey = makeSigningKey('SHA256:expired', '2025-06-01T00:00:00.000Z');

async function publish(
  skill: string,
  version: string,
  signature: SignatureKind,
  extra: { key?: typeof expiredKey; time?: string; attestations?: unknown } = {},
) {
  const dir = await writeSkillPackage({ skill, version });
  const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', tmp, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(tmp, 'npm-cache') },
  });
  const tarball = join(tmp, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  await registry.publish({ manifest, tarball, signature, ...extra });
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-signatures-'));
  registry = await startSigningRegistry([makeSigningKey('SHA256:test-key-1'), expiredKey]);
  await publish('signed', '1.0.0', 'valid');
  await publish('tampered', '1.0.0', 'tampered');
  await publish('unsigned', '1.0.0', 'none');
  await publish('stale', '1.0.0', 'valid', { key: expiredKey, time: '2026-01-01T00:00:00.000Z' });
  // A real attestation, but of another package (sigstore@0.4.0): it must not vouch for this one.
  const borrowed = JSON.parse(
    await readFile(
      join(
        import.meta.dirname,
        '../packages/host/src/install/fixtures/provenance/sigstore-0.4.0.attestations.json',
      ),
      'utf8',
    ),
  );
  await publish('borrowed', '1.0.0', 'valid', { attestations: borrowed });
}, 120_000);

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function newHost(install: Record<string, unknown> = {}): Promise<SkillHost> {
  const root = await mkdtemp(join(tmp, 'host-'));
  return createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '', npm_config_userconfig: join(root, 'npmrc') },
    config: { runner: 'inline', install: { registry: registry.url, ...install } },
    hostTools: false,
  });
}

describe('registry signatures', () => {
  it('a version signed with the registry key installs with signature "verified" and no warning', async () => {
    const host = await newHost();
    try {
      const r = await host.install('oc-skill-signed@1.0.0', { yes: true });
      expect(r.summary?.signature).toEqual({
        status: 'verified',
        registry: registry.url,
        keyids: ['SHA256:test-key-1'],
      });
      expect(r.summary?.warnings).toEqual([]);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a tampered signature refuses the install naming the package, and nothing is stored', async () => {
    const host = await newHost();
    try {
      await expect(host.install('oc-skill-tampered@1.0.0', { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message:
          'oc-skill-tampered@1.0.0 was refused: its registry signature does not verify (keyid SHA256:test-key-1): it may have been tampered with since it was published; nothing was installed.',
      });
      expect(existsSync(join(host.home, 'store', 'tampered'))).toBe(false);
      expect(existsSync(join(host.home, 'skills.lock.json'))).toBe(false);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a version signed with a key that had expired when it was published is refused', async () => {
    const host = await newHost();
    try {
      await expect(host.install('oc-skill-stale@1.0.0', { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message:
          'oc-skill-stale@1.0.0 was refused: it is signed with a registry key that had expired when it was published; nothing was installed.',
      });
    } finally {
      await host.close();
    }
  }, 60_000);

  it('an unsigned version from a signing registry installs with a SIGNATURE_MISSING warning at consent', async () => {
    const host = await newHost();
    try {
      const seen: string[] = [];
      const r = await host.install('oc-skill-unsigned@1.0.0', {
        consent: async (s) => (seen.push(...s.warnings.map((w) => w.code)), true),
      });
      expect(seen).toEqual(['SIGNATURE_MISSING']);
      expect(r.summary?.signature).toEqual({ status: 'unsigned', registry: registry.url });
    } finally {
      await host.close();
    }
  }, 60_000);

  it('install.requireSignatures refuses the unsigned version, naming the setting', async () => {
    const host = await newHost({ requireSignatures: true });
    try {
      await expect(host.install('oc-skill-unsigned@1.0.0', { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message: `oc-skill-unsigned@1.0.0 has no registry signature, though ${registry.url} signs what it serves; nothing was installed.`,
        hint: expect.stringContaining('install.requireSignatures'),
      });
      await expect(host.install('oc-skill-signed@1.0.0', { yes: true })).resolves.toMatchObject({
        action: 'installed',
      });
    } finally {
      await host.close();
    }
  }, 60_000);

  it("the registry's keys are fetched once and cached in the host home across installs", async () => {
    const host = await newHost();
    try {
      const before = registry.hits.get('/-/npm/v1/keys') ?? 0;
      await host.install('oc-skill-signed@1.0.0', { yes: true });
      await host.install('oc-skill-unsigned@1.0.0', { yes: true });
      expect((registry.hits.get('/-/npm/v1/keys') ?? 0) - before).toBe(1);
      const cached = await readdir(join(host.home, 'cache', 'registry-keys'));
      expect(cached).toHaveLength(1);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a signature by a key missing from the cached set fetches the keys again once (rotation)', async () => {
    const host = await newHost();
    try {
      await host.install('oc-skill-signed@1.0.0', { yes: true });
      const rotated = makeSigningKey('SHA256:rotated');
      registry.keys.push(rotated);
      await publish('rotated', '1.0.0', 'valid', { key: rotated });
      const before = registry.hits.get('/-/npm/v1/keys') ?? 0;
      const r = await host.install('oc-skill-rotated@1.0.0', { yes: true });
      expect(r.summary?.signature?.keyids).toEqual(['SHA256:rotated']);
      expect((registry.hits.get('/-/npm/v1/keys') ?? 0) - before).toBe(1);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('install.requireProvenance refuses a signed package without a provenance attestation', async () => {
    const host = await newHost({ requireProvenance: true });
    try {
      await expect(host.install('oc-skill-signed@1.0.0', { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message:
          'oc-skill-signed@1.0.0 has no provenance attestation (it was not published from a CI that attests where it was built); nothing was installed.',
        hint: expect.stringContaining('install.requireProvenance'),
      });
    } finally {
      await host.close();
    }
  }, 60_000);

  it("an attestation made for another package is refused, naming both, before Sigstore's root is fetched", async () => {
    const host = await newHost();
    try {
      await expect(host.install('oc-skill-borrowed@1.0.0', { yes: true })).rejects.toMatchObject({
        code: 'INSTALL_FAILED',
        message:
          'oc-skill-borrowed@1.0.0 was refused: its provenance attestation names pkg:npm/sigstore@0.4.0, not pkg:npm/oc-skill-borrowed@1.0.0; nothing was installed.',
      });
      expect(registry.hits.get('/-/npm/v1/attestations/oc-skill-borrowed@1.0.0')).toBe(1);
      expect(existsSync(join(host.home, 'cache', 'sigstore-tuf'))).toBe(false);
    } finally {
      await host.close();
    }
  }, 60_000);
});

describe('openclaw-skill info shows signature and provenance before anything is installed', () => {
  const info = async (spec: string) => {
    const root = await mkdtemp(join(tmp, 'info-'));
    const io = memoryIo({ cwd: root, env: { HOME: root, PATH: process.env.PATH ?? '' } });
    const args = ['info', spec, '--registry', registry.url, '--home', join(root, 'home')];
    const code = await run(args, io);
    return { code, io, home: join(root, 'home') };
  };

  it('a signed version: "registry signature: verified (<keyid>)" and "provenance: none"; no store', async () => {
    const { code, io, home } = await info('oc-skill-signed@1.0.0');
    expect(code, io.err).toBe(0);
    expect(io.out).toContain('  registry signature: verified (SHA256:test-key-1)\n');
    expect(io.out).toContain('  provenance: none (not published with a build attestation)\n');
    expect(existsSync(join(home, 'store'))).toBe(false);
  }, 60_000);

  it('a tampered version: exit 1 with the refusal naming the package', async () => {
    const { code, io } = await info('oc-skill-tampered@1.0.0');
    expect(code).toBe(1);
    expect(io.err).toContain(
      'oc-skill-tampered@1.0.0 was refused: its registry signature does not verify',
    );
  }, 60_000);
});
