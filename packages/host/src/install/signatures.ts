// Registry signatures, checked as `npm audit signatures` checks them. A registry that signs
// publishes its public keys at `/-/npm/v1/keys`; each version's `dist.signatures` signs
// `${name}@${version}:${integrity}` (ECDSA P-256, SHA-256) with one of them, named by keyid.
// pacote (npm's fetcher) does the check itself when given `verifySignatures` and the keys
// under `//<host><path>:_keys`: an unknown keyid, a key that expired before the version was
// published, or a signature that does not verify fails the fetch. This file fetches and caches
// the keys per registry in the host home, and says what the check found.
//
// As with npm: a registry that publishes no keys cannot be checked (its packages are not
// "unsigned", they are unverifiable); a package without signatures from a registry that has
// keys is unsigned. `install.requireSignatures` refuses both.
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { SkillError } from '@openclaw/skill-sdk';
import type { InstallWarning } from './types.js';
import type { SignatureStatus } from './trust-types.js';

export type { SignatureStatus } from './trust-types.js';

/** One registry key as pacote reads it (the keys endpoint's fields plus the PEM). */
export interface RegistryKey {
  keyid: string;
  keytype?: string;
  scheme?: string;
  /** Base64 SPKI (DER) as the registry serves it. */
  key: string;
  /** After this time the key signs nothing: versions published later fail. */
  expires: string | null;
  pemkey: string;
}

/** How long cached keys are trusted before being fetched again (a key the cache lacks is
 * always fetched). */
export const KEYS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface KeysOptions {
  /** `<home>/cache/registry-keys`. */
  dir: string;
  /** Fetch again even when the cache is fresh (a signature named a keyid it lacks). */
  refresh?: boolean;
  now?: () => number;
  /** Request headers (a private registry's credentials). */
  headers?: Record<string, string>;
}

interface CachedKeys {
  registry: string;
  fetchedAt: number;
  /** null: the registry publishes no keys. */
  keys: RegistryKey[] | null;
}

const cacheFile = (dir: string, registry: string) =>
  join(dir, `${createHash('sha256').update(registry).digest('hex').slice(0, 32)}.json`);

/** The registry's signing keys (null when it publishes none), cached per registry. */
export async function registryKeys(
  registry: string,
  o: KeysOptions,
): Promise<RegistryKey[] | null> {
  const now = (o.now ?? Date.now)();
  const file = cacheFile(o.dir, registry);
  if (!o.refresh) {
    const cached = await readCache(file, registry);
    if (cached && now - cached.fetchedAt < KEYS_MAX_AGE_MS) return cached.keys;
  }
  const keys = await fetchKeys(registry, o.headers);
  // A registry that refused the request (no login yet) is asked again next time.
  if (keys === undefined) return null;
  await mkdir(o.dir, { recursive: true });
  const entry: CachedKeys = { registry, fetchedAt: now, keys };
  await writeFileAtomic(file, `${JSON.stringify(entry, null, 2)}\n`);
  return keys;
}

async function readCache(file: string, registry: string): Promise<CachedKeys | undefined> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as CachedKeys;
    return data.registry === registry && typeof data.fetchedAt === 'number' ? data : undefined;
  } catch {
    return undefined;
  }
}

async function fetchKeys(
  registry: string,
  headers: Record<string, string> = {},
): Promise<RegistryKey[] | null | undefined> {
  const url = new URL('-/npm/v1/keys', registry.endsWith('/') ? registry : `${registry}/`);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  } catch (e) {
    // The same line as a failed package fetch (fetch.ts), with the network code.
    const code = (e as { cause?: { code?: string } }).cause?.code;
    const why = code ? ` (${code})` : '';
    throw new SkillError('INSTALL_FAILED', `The registry ${registry} cannot be reached${why}.`, {
      cause: e,
      hint: 'Check the network and the registry URL (--registry, or install.registry in the host config).',
    });
  }
  // As npm: a registry without the endpoint publishes no keys. An answer that is not a key
  // list counts the same (its packages are unverifiable, refused with requireSignatures), so
  // the package fetch that follows reports what is wrong with the registry in its own words.
  if (res.status === 401 || res.status === 403) return undefined;
  const body = res.ok ? ((await res.json().catch(() => undefined)) as unknown) : undefined;
  const list = (body as { keys?: unknown })?.keys;
  if (!Array.isArray(list)) return null;
  return list.map((k: Omit<RegistryKey, 'pemkey'>) => ({
    ...k,
    expires: k.expires ?? null,
    pemkey: `-----BEGIN PUBLIC KEY-----\n${k.key}\n-----END PUBLIC KEY-----`,
  }));
}

/** pacote's options that make it verify signatures against `keys`. */
export function signatureOptions(
  registry: string,
  keys: RegistryKey[] | null,
): Record<string, unknown> {
  const { host, pathname } = new URL(registry);
  return { verifySignatures: true, [`//${host}${pathname}:_keys`]: keys ?? [] };
}

/** The status of a version pacote fetched (its `_signatures`). */
export function signatureStatus(
  registry: string,
  keys: RegistryKey[] | null,
  signatures: { keyid: string }[] | undefined,
): SignatureStatus {
  if (signatures?.length && keys?.length) {
    return { status: 'verified', registry, keyids: signatures.map((s) => s.keyid) };
  }
  return { status: keys?.length ? 'unsigned' : 'unverifiable', registry };
}

/**
 * A signature that fails is a refusal naming the package; an unsigned or unverifiable one is
 * a consent warning, or a refusal with `install.requireSignatures`.
 */
export function signatureWarnings(
  pkg: string,
  s: SignatureStatus,
  o: { require: boolean; config: string },
): InstallWarning[] {
  if (s.status === 'verified') return [];
  const what =
    s.status === 'unsigned'
      ? `${pkg} has no registry signature, though ${s.registry} signs what it serves`
      : `${s.registry} publishes no signing keys, so ${pkg}'s registry signature cannot be checked`;
  if (o.require) {
    throw new SkillError('INSTALL_FAILED', `${what}; nothing was installed.`, {
      hint: `install.requireSignatures is set in ${o.config}: install from a registry that signs, or unset it.`,
    });
  }
  // Only an unsigned package from a signing registry is a warning, as in `npm audit signatures`.
  return s.status === 'unsigned' ? [{ code: 'SIGNATURE_MISSING', message: `${what}.` }] : [];
}

const SIGNATURE_CODES = new Set([
  'EINTEGRITYSIGNATURE',
  'EMISSINGSIGNATUREKEY',
  'EEXPIREDSIGNATUREKEY',
]);

/** pacote's signature failures as one refusal naming the package and the key. */
export function signatureError(spec: string, registry: string, e: unknown): SkillError | undefined {
  const err = e as NodeJS.ErrnoException & { keyid?: string };
  if (!SIGNATURE_CODES.has(err?.code ?? '')) return undefined;
  const why =
    err.code === 'EINTEGRITYSIGNATURE'
      ? `its registry signature does not verify (keyid ${err.keyid ?? '?'}): it may have been tampered with since it was published`
      : err.code === 'EEXPIREDSIGNATUREKEY'
        ? 'it is signed with a registry key that had expired when it was published'
        : `it is signed with a key ${registry} does not publish`;
  return new SkillError('INSTALL_FAILED', `${spec} was refused: ${why}; nothing was installed.`, {
    cause: e,
    hint: `Do not install it; tell the publisher and the operator of ${registry}.`,
  });
}
