// A small npm registry of the tests' own on loopback that signs what it serves, as a public
// registry does: packuments with `dist.signatures` (ECDSA P-256 over
// `${name}@${version}:${integrity}`, SHA-256) made with a key pair the test creates, and that
// key at `/-/npm/v1/keys`. Versions can be published with a tampered signature, none, or a key
// the registry no longer lists, to see each refused or warned about. It counts requests per
// path so a suite can see the keys being cached. With `token` it is a private registry: every
// request without `authorization: Bearer <token>` gets HTTP 401.
import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SigningKey {
  keyid: string;
  privateKey: KeyObject;
  /** Base64 SPKI DER, as the keys endpoint serves it. */
  key: string;
  expires: string | null;
}

export function makeSigningKey(keyid: string, expires: string | null = null): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { keyid, privateKey, key, expires };
}

export type SignatureKind = 'valid' | 'tampered' | 'none';

export interface SignedVersion {
  /** The package.json of the version (name, version, ...). */
  manifest: Record<string, unknown> & { name: string; version: string };
  tarball: string;
  signature: SignatureKind;
  /** Signs with this key (default: the registry's first key). */
  key?: SigningKey;
  /** Publish time (default 2026-01-01). */
  time?: string;
  /** An attestations document served at `/-/npm/v1/attestations/<name>@<version>`. */
  attestations?: unknown;
}

export interface SigningRegistry {
  url: string;
  keys: SigningKey[];
  /** Requests seen per path. */
  hits: Map<string, number>;
  publish(v: SignedVersion): Promise<void>;
  close(): Promise<void>;
}

const sign = (key: SigningKey, message: string) =>
  createSign('SHA256').update(message).end().sign(key.privateKey, 'base64');

export async function startSigningRegistry(
  keys: SigningKey[],
  opts: { token?: string } = {},
): Promise<SigningRegistry> {
  const packuments = new Map<string, Record<string, unknown>>();
  const tarballs = new Map<string, Buffer>();
  const hits = new Map<string, number>();
  const attestations = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    if (opts.token !== undefined && req.headers.authorization !== `Bearer ${opts.token}`) {
      return send(401, { error: 'authorization required' });
    }
    if (path === '/-/npm/v1/keys') {
      return send(200, {
        keys: registry.keys.map((k) => ({
          keyid: k.keyid,
          keytype: 'ecdsa-sha2-nistp256',
          scheme: 'ecdsa-sha2-nistp256',
          key: k.key,
          expires: k.expires,
        })),
      });
    }
    const attested = attestations.get(path);
    if (attested) return send(200, attested);
    const tgz = tarballs.get(path);
    if (tgz) return send(200, tgz, 'application/octet-stream');
    const doc = packuments.get(path.slice(1));
    return doc ? send(200, doc) : send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const registry: SigningRegistry = {
    url,
    keys,
    hits,
    async publish(v) {
      const bytes = await readFile(v.tarball);
      const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
      const { name, version } = v.manifest;
      const tarPath = `/${name}/-/${name.replace(/^@[^/]+\//, '')}-${version}.tgz`;
      tarballs.set(tarPath, bytes);
      const key = v.key ?? registry.keys[0]!;
      const message =
        v.signature === 'tampered'
          ? `${name}@${version}:sha512-forged`
          : `${name}@${version}:${integrity}`;
      const attPath = `/-/npm/v1/attestations/${name}@${version}`;
      if (v.attestations) attestations.set(attPath, v.attestations);
      const dist = {
        tarball: `${url.slice(0, -1)}${tarPath}`,
        integrity,
        ...(v.attestations !== undefined && {
          attestations: {
            url: `${url.slice(0, -1)}${attPath}`,
            provenance: { predicateType: 'https://slsa.dev/provenance/v1' },
          },
        }),
        ...(v.signature !== 'none' && {
          signatures: [{ keyid: key.keyid, sig: sign(key, message) }],
        }),
      };
      const doc = (packuments.get(name) ?? {
        name,
        'dist-tags': {},
        versions: {},
        time: {},
      }) as {
        'dist-tags': Record<string, string>;
        versions: Record<string, unknown>;
        time: Record<string, string>;
      };
      doc.versions[version] = { ...v.manifest, dist };
      doc['dist-tags'].latest = version;
      doc.time[version] = v.time ?? '2026-01-01T00:00:00.000Z';
      packuments.set(name, doc as Record<string, unknown>);
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return registry;
}
