// A package's exact bytes, for hosts that share one store: the host that installs reads the
// tarball it installed from (the registry's, from pacote's cache; the tarball file; or the
// folder packed again the way the install packed it), and the shared store keeps it with its
// integrity. Another host checks the integrity itself before it installs from those bytes,
// so a damaged or swapped row is refused, never unpacked.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import { packFolder } from './fetch.js';
import { makeStaging } from './store.js';
import type { LockEntry } from './types.js';
import type { NpmOptions } from './npm-config.js';

/** The hash algorithms SRI strings name, strongest first (as ssri prefers them). */
const ALGORITHMS = ['sha512', 'sha384', 'sha256', 'sha1'] as const;

/** `sha512-<base64>`: npm's integrity for these bytes. */
export function integrityOf(bytes: Uint8Array, algorithm = 'sha512'): string {
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

/**
 * True when `bytes` match the SRI string `expected` (one or more `alg-base64` hashes, checked
 * with the strongest algorithm it names, as npm does).
 */
export function matchesIntegrity(bytes: Uint8Array, expected: string): boolean {
  const hashes = expected.trim().split(/\s+/);
  for (const algorithm of ALGORITHMS) {
    const named = hashes.filter((h) => h.startsWith(`${algorithm}-`));
    if (named.length === 0) continue;
    const actual = integrityOf(bytes, algorithm);
    return named.some((h) => h.split('?')[0] === actual);
  }
  return false;
}

/** Throws INSTALL_FAILED naming `where` unless `bytes` match the entry's integrity. */
export function checkPackageBytes(bytes: Uint8Array, entry: LockEntry, where: string): void {
  if (matchesIntegrity(bytes, entry.integrity)) return;
  throw new SkillError(
    'INSTALL_FAILED',
    `${where} holds bytes for ${entry.name}@${entry.version} that do not match its integrity (${entry.integrity.slice(0, 20)}…): they are damaged or were replaced; nothing was installed from them.`,
    {
      hint: `Install ${entry.name} again on a host that has it (openclaw-skill install <spec>), which stores its bytes anew.`,
    },
  );
}

export interface PackageSourceOptions {
  /** pacote's cache (the host's npm cache), where a registry install left its tarball. */
  cache: string;
  /** The registry, for a tarball no longer in the cache. */
  registry?: string;
  /** The user's npm request options (credentials), for a private registry's tarball. */
  npm?: NpmOptions;
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The tarball `entry` was installed from, read again on the host that installed it, checked
 * against the entry's integrity (a tarball or folder changed since the install is refused).
 */
export async function readPackageBytes(
  entry: LockEntry,
  opts: PackageSourceOptions,
): Promise<Buffer> {
  const resolved = entry.resolved;
  const folder = resolved.startsWith('file:') ? resolved.slice(5) : undefined;
  let bytes: Buffer;
  if (folder !== undefined && isFolder(folder)) {
    const into = await mkdtemp(join(tmpdir(), 'openclaw-pack-'));
    try {
      bytes = await readFile(await packFolder(folder, into, opts.cache));
    } finally {
      await rm(into, { recursive: true, force: true });
    }
  } else if (folder !== undefined) {
    bytes = await readFile(folder);
  } else {
    const pacote = createRequire(import.meta.url)('pacote') as typeof import('pacote');
    bytes = await pacote.tarball(resolved, {
      ...opts.npm,
      cache: opts.cache,
      integrity: entry.integrity,
      ...(opts.registry && { registry: opts.registry }),
      silent: true,
    });
  }
  checkPackageBytes(bytes, entry, resolved);
  return bytes;
}

/** Writes `bytes` to a `.tgz` in the store's staging area for `fn`, removed afterwards. */
export async function withPackageFile<T>(
  bytes: Uint8Array,
  storeRoot: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await makeStaging(storeRoot);
  try {
    const file = join(dir, 'package.tgz');
    await writeFile(file, bytes);
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
