// Resolve and fetch a spec with pacote (npm's own fetcher): a registry name and range, a
// tarball file or URL, or a folder. pacote verifies the tarball against the registry's
// `dist.integrity` (and against the lockfile's integrity for `--frozen`), and unpacks it
// without running any script. Its cache lives in the host home, never the user's ~/.npm.
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';
import { folderTree, type FolderTree } from './folder-tree.js';
import { signatureError } from './signatures.js';
import type { NpmOptions } from './npm-config.js';
import { refusedError, refusedStatus, sendsCredentials } from './registry-auth.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export interface Fetched {
  /** npm package name and version from the package's own package.json. */
  package: string;
  version: string;
  resolved: string;
  integrity: string;
  /** What kind of spec it was: `registry` specs can be updated by resolving again. */
  type: 'registry' | 'file' | 'directory' | 'remote';
  /** The registry's `dist.signatures` of this version (checked when `pacote` asked for it). */
  signatures?: { keyid: string; sig: string }[];
  /** The registry's `dist.attestations` (where the provenance attestation is served). */
  attestations?: { url: string; provenance?: { predicateType: string } };
}

export interface FetchOptions {
  registry: string;
  /** The user's npm request options: credentials per registry, scoped registries, TLS, proxy. */
  npm?: NpmOptions;
  cache: string;
  /** Expected integrity (`--frozen`); a mismatch fails. */
  integrity?: string;
  /** Skip the packument cache (update must see new versions). */
  preferOnline?: boolean;
  /** More pacote options (signature verification: signatures.ts). */
  pacote?: Record<string, unknown>;
}

type Pacote = typeof import('pacote');
let pacoteModule: Pacote | undefined;
// pacote pulls in most of npm's fetch stack (~100 ms): loaded on the first install only, and
// through this package's own require (as lazy.ts does), so the CLI bundle leaves it a
// dependency of the host package instead of inlining CommonJS that reads __dirname.
const loadPacote = (): Pacote =>
  (pacoteModule ??= createRequire(import.meta.url)('pacote') as Pacote);

/** A spec that names a local path becomes an absolute `file:` spec pacote understands. */
export function normalizeSpec(spec: string, cwd: string): string {
  const s = spec.trim();
  if (s.startsWith('file:')) return `file:${resolve(cwd, s.slice(5))}`;
  const looksLocal =
    s.startsWith('.') ||
    s.startsWith('/') ||
    s.startsWith('~') ||
    /\.(tgz|tar\.gz|tar|zip)$/.test(s);
  if (looksLocal || (isAbsolute(s) && existsSync(s))) return `file:${resolve(cwd, s)}`;
  return s;
}

function pacoteOptions(o: FetchOptions) {
  return {
    ...o.npm,
    registry: o.registry,
    cache: o.cache,
    // Never run a package's prepare/install scripts, whatever the spec type.
    ignoreScripts: true,
    preferOnline: o.preferOnline ?? false,
    ...(o.integrity !== undefined && { integrity: o.integrity }),
    // pacote logs through proc-log events; nothing is printed.
    silent: true,
    ...o.pacote,
  };
}

/** The folder a `file:` spec names, when it is a folder (not a tarball). */
function folderOf(spec: string): string | undefined {
  if (!spec.startsWith('file:')) return undefined;
  const path = spec.slice(5);
  try {
    return statSync(path).isDirectory() ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Packs a folder as `npm pack --ignore-scripts` would publish it (its `files` and .npmignore
 * apply; no prepare/prepack script runs) and returns the tarball's path in `into`. pacote's
 * own folder fetcher needs npm's Arborist, which this package does not ship.
 */
export async function packFolder(dir: string, into: string, cache: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', dir, '--ignore-scripts', '--json', '--pack-destination', into, '--cache', cache],
    { cwd: into, shell: process.platform === 'win32', maxBuffer: 16 * 1024 * 1024 },
  );
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error(`npm pack wrote no tarball for ${dir}`);
  return join(into, packed.filename);
}

/** Unpacks `spec` into `dest` (an empty folder) and says what was fetched. */
export async function fetchPackage(spec: string, dest: string, o: FetchOptions): Promise<Fetched> {
  const dir = folderOf(spec);
  if (dir === undefined) return fetchSpec(spec, dest, o);
  // The lockfile keeps the folder, so `install --frozen` packs it again; the fixed file times
  // of npm's packing make the same contents give the same integrity, in process or not.
  const tree = await packableTree(dir, o);
  const fetched = tree
    ? await fetchSpec(`file:${dir}`, dest, { ...o, pacote: { ...o.pacote, tree } })
    : await fetchPacked(dir, dest, o);
  return { ...fetched, resolved: `file:${dir}`, type: 'directory' };
}

/** The folder's tree for pacote to pack in process; undefined leaves it to `npm pack`. */
async function packableTree(dir: string, o: FetchOptions): Promise<FolderTree | undefined> {
  let manifest: Record<string, unknown>;
  try {
    const read: unknown = await loadPacote().manifest(`file:${dir}`, pacoteOptions(o));
    manifest = read as Record<string, unknown>;
  } catch {
    return undefined;
  }
  // npm pack refuses a package without a name and version, naming what is missing.
  if (typeof manifest.name !== 'string' || typeof manifest.version !== 'string') return undefined;
  return folderTree(dir, manifest);
}

/** Packs the folder with `npm pack` in a child, then unpacks that tarball. */
async function fetchPacked(dir: string, dest: string, o: FetchOptions): Promise<Fetched> {
  const into = await mkdtemp(join(tmpdir(), 'openclaw-pack-'));
  try {
    let tarball: string;
    try {
      tarball = await packFolder(dir, into, o.cache);
    } catch (e) {
      throw new SkillError('INSTALL_FAILED', `npm pack could not pack the folder ${dir}.`, {
        cause: e,
        hint: `Check ${join(dir, 'package.json')} (name and version), then try again.`,
      });
    }
    return await fetchSpec(`file:${tarball}`, dest, o);
  } finally {
    await rm(into, { recursive: true, force: true });
  }
}

async function fetchSpec(spec: string, dest: string, o: FetchOptions): Promise<Fetched> {
  const pacote = loadPacote();
  const opts = pacoteOptions(o);
  try {
    const manifest = await pacote.manifest(spec, opts);
    const extracted = await pacote.extract(spec, dest, {
      ...opts,
      ...(manifest._integrity && !o.integrity && { integrity: manifest._integrity }),
      resolved: manifest._resolved,
    });
    const type = (manifest._from ?? '').startsWith('file:')
      ? existsSync(manifest._resolved) && !/\.(tgz|tar\.gz|tar)$/.test(manifest._resolved)
        ? 'directory'
        : 'file'
      : /^https?:/.test(spec)
        ? 'remote'
        : 'registry';
    return {
      package: manifest.name,
      version: manifest.version,
      resolved: extracted.resolved ?? manifest._resolved,
      integrity: String(extracted.integrity ?? manifest._integrity ?? ''),
      type,
      ...verificationOf(manifest as { _signatures?: unknown; _attestations?: unknown }),
    };
  } catch (e) {
    const limit = isRatioAbort(e) ? await ratioLimitError(spec, opts, e) : undefined;
    throw limit ?? signatureError(spec, o.registry, e) ?? fetchError(spec, o.registry, e, o.npm);
  }
}

/** What pacote read of the registry's signatures and attestations (signatures.ts). */
const verificationOf = (m: { _signatures?: unknown; _attestations?: unknown }) => ({
  ...(Array.isArray(m._signatures) && { signatures: m._signatures as Fetched['signatures'] }),
  ...(m._attestations !== undefined && {
    attestations: m._attestations as Fetched['attestations'],
  }),
});

/**
 * tar's guard against decompression bombs: unpacking stops when the output grows past this
 * many times the compressed input. pacote sets no option for it, so it is not configurable.
 */
export const TAR_MAX_RATIO = 1000;

const isRatioAbort = (e: unknown) =>
  (e as NodeJS.ErrnoException)?.code === 'TAR_ABORT' && /decompression ratio/i.test(messageOf(e));

/**
 * The ratio abort says neither which file nor how big: read the tarball's headers (sizes
 * only, nothing written) and name the largest file, its size and the limit it hit.
 */
async function ratioLimitError(
  spec: string,
  opts: ReturnType<typeof pacoteOptions>,
  cause: unknown,
): Promise<SkillError | undefined> {
  try {
    const data = await loadPacote().tarball(spec, opts);
    const { Parser } = await import('tar');
    let largest = { path: '', size: 0 };
    await new Promise<void>((resolve, reject) => {
      const parser = new Parser({
        maxDecompressionRatio: Infinity,
        onReadEntry: (entry) => {
          if ((entry.size ?? 0) > largest.size) largest = { path: entry.path, size: entry.size };
          entry.resume();
        },
      });
      parser.on('end', () => resolve());
      parser.on('error', reject);
      parser.end(data);
    });
    const { path, size } = largest;
    const file = path.replace(/^[^/]+\//, '');
    return new SkillError(
      'INSTALL_FAILED',
      `${spec}: ${file} (${mib(size)}) unpacks to more than ${TAR_MAX_RATIO} times the tarball's compressed size (${mib(data.length)}), tar's limit against decompression bombs; nothing was installed.`,
      {
        cause,
        file,
        hint: `The limit is fixed (not a setting); the publisher must leave ${file} out of the package (package.json "files" or .npmignore).`,
      },
    );
  } catch {
    return undefined;
  }
}

const mib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes} bytes`;

/**
 * One line a person can act on, for the failures pacote reports by code. `npm` (the request
 * options) says whether a refused request carried credentials.
 */
export function fetchError(
  spec: string,
  registry: string,
  e: unknown,
  npm: NpmOptions = {},
): SkillError {
  const err = e as NodeJS.ErrnoException & { statusCode?: number; body?: unknown };
  const code = err?.code ?? '';
  const cause = { cause: e };
  const status = refusedStatus(e);
  if (status) {
    return refusedError({
      registry,
      status,
      what: spec,
      credentialsSent: sendsCredentials(registry, registry, npm),
    });
  }
  if (code === 'E404' || err?.statusCode === 404 || code === 'ETARGET') {
    return new SkillError('INSTALL_FAILED', `${spec} was not found on ${registry}.`, {
      ...cause,
      hint: 'Check the package name and version, or pass --registry <url>.',
    });
  }
  if (['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN'].includes(code)) {
    return new SkillError(
      'INSTALL_FAILED',
      `The registry ${registry} cannot be reached (${code}).`,
      {
        ...cause,
        hint: 'Check the network and the registry URL (--registry, or install.registry in the host config).',
      },
    );
  }
  if (code === 'EINTEGRITY') {
    return new SkillError(
      'INSTALL_FAILED',
      `${spec} failed its integrity check: the tarball is not what was published.`,
      {
        ...cause,
        hint: 'Do not install it; try again later or ask the publisher.',
      },
    );
  }
  if (code === 'ENOENT') {
    return new SkillError('INSTALL_FAILED', `${spec} does not exist.`, {
      ...cause,
      hint: 'Pass an npm name (name@range), a .tgz file or a skill folder.',
    });
  }
  if (
    /^TAR_|^Z_|EJSONPARSE|ENOTDIR/.test(code) ||
    /zlib|tar|unexpected end/i.test(err?.message ?? '')
  ) {
    return new SkillError(
      'INSTALL_FAILED',
      `${spec} is not a readable package tarball (${code || err.message}).`,
      {
        ...cause,
        hint: 'Rebuild it with `npm pack`.',
      },
    );
  }
  return new SkillError(
    'INSTALL_FAILED',
    `Could not fetch ${spec}: ${err?.message ?? String(e)}`,
    cause,
  );
}
