// A private registry that signs and serves provenance, where every request needs the user's
// token (a loopback registry of this suite's own): with the token in the user's .npmrc the
// signing keys and the attestation are fetched with it, so the signature verifies and the
// attestation is checked; without it the install is refused naming the registry and
// `npm login`, and once the user logs in (the .npmrc gains the token) the same running host
// installs without a restart. The token never appears in a message.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSkillError } from '@openclaw/skill-sdk';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage } from './support/skill-packages.js';
import {
  makeSigningKey,
  startSigningRegistry,
  type SigningRegistry,
} from './support/signing-registry.js';

const exec = promisify(execFile);
const TOKEN = 'private-registry-token-5f3a9c';
let registry: SigningRegistry;
let tmp: string;

async function publish(skill: string, extra: { attestations?: unknown } = {}) {
  const dir = await writeSkillPackage({ skill, version: '1.0.0' });
  const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', tmp, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(tmp, 'npm-cache') },
  });
  const tarball = join(tmp, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  await registry.publish({ manifest, tarball, signature: 'valid', ...extra });
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-private-trust-'));
  registry = await startSigningRegistry([makeSigningKey('SHA256:private-key-1')], {
    token: TOKEN,
  });
  await publish('signed');
  // A real attestation of another package (sigstore@0.4.0): read only with the token, and
  // then refused because it does not vouch for this one.
  const borrowed = JSON.parse(
    await readFile(
      join(
        import.meta.dirname,
        '../packages/host/src/install/fixtures/provenance/sigstore-0.4.0.attestations.json',
      ),
      'utf8',
    ),
  );
  await publish('borrowed', { attestations: borrowed });
}, 120_000);

afterAll(async () => {
  await registry?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const authLine = () => `//${new URL(registry.url).host}/:_authToken=${TOKEN}\n`;

/** A host whose user home holds `npmrc` as its .npmrc; the registry comes from that file. */
async function newHost(npmrc: string): Promise<{ host: SkillHost; user: string }> {
  const root = await mkdtemp(join(tmp, 'host-'));
  const user = join(root, 'user');
  await mkdir(user, { recursive: true });
  await writeFile(join(user, '.npmrc'), `registry=${registry.url}\n${npmrc}`);
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: user,
    env: { PATH: process.env.PATH ?? '', HOME: user, npm_config_globalconfig: join(root, 'none') },
    config: { runner: 'inline' },
    hostTools: false,
  });
  return { host, user };
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
};

describe('a private registry that signs', () => {
  it('with the token, the signing keys are fetched with it and the signature verifies', async () => {
    const { host } = await newHost(authLine());
    try {
      const keysBefore = registry.hits.get('/-/npm/v1/keys') ?? 0;
      const result = await host.install('oc-skill-signed', { yes: true });
      expect(result.summary?.signature).toMatchObject({
        status: 'verified',
        keyids: ['SHA256:private-key-1'],
      });
      expect(registry.hits.get('/-/npm/v1/keys')).toBe(keysBefore + 1);
    } finally {
      await host.close();
    }
  }, 120_000);

  it('with the token, the provenance attestation is read and checked (this one is refused)', async () => {
    const { host } = await newHost(authLine());
    try {
      const e = await failure(host.install('oc-skill-borrowed', { yes: true }));
      expect(isSkillError(e) && e.message).toMatch(
        /^oc-skill-borrowed@1\.0\.0 was refused: its provenance attestation names pkg:npm\/sigstore@0\.4\.0/,
      );
    } finally {
      await host.close();
    }
  }, 120_000);

  it('without the token the install is refused naming the registry; after npm login the same host installs', async () => {
    const { host, user } = await newHost('');
    try {
      const e = await failure(host.install('oc-skill-signed', { yes: true }));
      expect(isSkillError(e) && { code: e.code, message: e.message, hint: e.hint }).toEqual({
        code: 'REGISTRY_ERROR',
        message: `The registry ${registry.url} refused oc-skill-signed (HTTP 401: login required); no credentials for it are in your npm configuration (.npmrc or npm_config_*).`,
        hint: `Run \`npm login --registry ${registry.url}\` (it writes the token to your user .npmrc), then try again.`,
      });
      // What `npm login` does: the user's .npmrc gains the registry's token.
      await writeFile(join(user, '.npmrc'), `registry=${registry.url}\n${authLine()}`);
      const result = await host.install('oc-skill-signed', { yes: true });
      expect(result).toMatchObject({ action: 'installed', name: 'signed' });
      expect(result.summary?.signature?.status).toBe('verified');
    } finally {
      await host.close();
    }
  }, 120_000);

  it('a token that is refused is said to have been sent, and is in no message', async () => {
    const { host } = await newHost(`//${new URL(registry.url).host}/:_authToken=stale-token-77\n`);
    try {
      const e = await failure(host.install('oc-skill-signed', { yes: true }));
      expect(isSkillError(e) && e.message).toBe(
        `The registry ${registry.url} refused oc-skill-signed (HTTP 401: login required); the credentials in your npm configuration were sent and not accepted.`,
      );
      expect(JSON.stringify(e)).not.toContain('stale-token-77');
    } finally {
      await host.close();
    }
  }, 120_000);
});
