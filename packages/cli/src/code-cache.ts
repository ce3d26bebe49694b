// Runs the bundled program (dist/bundle/main.cjs) with V8's code cache, so a command does
// not parse and compile ~2 MB of JavaScript at every start. Node 20 has no compile cache of
// its own (module.enableCompileCache came in 22), so the launcher compiles the bundle with
// vm.Script and keeps V8's cached data in the user's cache folder.
//
// The cache is only an optimisation and never changes what runs:
// - it names the bundle it was made from (the build's id, the file's size, mtime and inode)
//   and the Node version and architecture; anything else is ignored and replaced;
// - its payload is stored twice and the two copies must match byte for byte: V8 does not
//   verify cached data in release builds, so a damaged file is refused here rather than
//   handed to V8. A redundancy check, not a digest: it guards against a torn or damaged file,
//   and whoever can write the cache folder could rewrite any digest with the data. Comparing
//   the copies is a memcmp of bytes already read; a checksum would cost every start a
//   hashing module (zlib's CRC-32 loads node:stream with it: some 2 ms, crypto more);
// - V8 itself rejects data made by another V8 or with other flags (cachedDataRejected);
// - without HOME (or XDG_CACHE_HOME, or LOCALAPPDATA on Windows) nothing is cached: the
//   folder is never guessed from the password database, so a test that gives the command a
//   temporary HOME, or none, never writes in the real one. OPENCLAW_SKILL_CODE_CACHE=0
//   turns it off.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** Bumped when the cache file's layout changes. */
const FORMAT = 3;

export type CodeCacheState =
  /** No cache folder: compiled from source, nothing saved. */
  | 'off'
  /** V8 used the cached code. */
  | 'hit'
  /** No cache file yet. */
  | 'miss'
  /** A cache of another build, bundle file, Node version or architecture. */
  | 'stale'
  /** A file that is not a whole cache (truncated, damaged, foreign). */
  | 'corrupt'
  /** V8 refused the data (another V8 version or other flags). */
  | 'rejected';

export interface CodeCacheRun {
  state: CodeCacheState;
  /** The bundle's module.exports. */
  exports: unknown;
  /**
   * Writes the cache when it was not used, from what V8 compiled so far (call it late, at
   * exit, so the functions the command ran are in it). Never throws.
   */
  save(): void;
}

interface Header {
  format: number;
  build: string;
  size: number;
  mtimeMs: number;
  ino: number;
  node: string;
  arch: string;
  /** Bytes of V8's data; the file holds them twice after the header line. */
  length: number;
}

/** The folder for cached code, from the environment only (see above), or undefined. */
export function codeCacheDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (env.OPENCLAW_SKILL_CODE_CACHE === '0') return undefined;
  const base =
    env.XDG_CACHE_HOME ||
    (platform === 'win32'
      ? env.LOCALAPPDATA
      : env.HOME && join(env.HOME, platform === 'darwin' ? 'Library/Caches' : '.cache'));
  return base ? join(base, 'openclaw-skills', 'code-cache') : undefined;
}

/** FNV-1a of the bundle's path: one cache file per installed copy, not one per build. */
function pathKey(file: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) h = Math.imul(h ^ file.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function readCache(
  cacheFile: string,
  expect: Omit<Header, 'length' | 'format'>,
): { state: 'miss' | 'stale' | 'corrupt' } | { state: 'found'; data: Buffer } {
  let raw: Buffer;
  try {
    raw = readFileSync(cacheFile);
  } catch {
    return { state: 'miss' };
  }
  const nl = raw.indexOf(10);
  let header: Partial<Header>;
  try {
    header = JSON.parse(raw.subarray(0, nl === -1 ? 0 : nl).toString('utf8')) as Partial<Header>;
  } catch {
    return { state: 'corrupt' };
  }
  const { length } = header;
  if (header.format !== FORMAT || typeof length !== 'number') return { state: 'corrupt' };
  for (const [k, v] of Object.entries(expect)) {
    if (header[k as keyof Header] !== v) return { state: 'stale' };
  }
  const data = raw.subarray(nl + 1, nl + 1 + length);
  const copy = raw.subarray(nl + 1 + length);
  return copy.length === length && data.equals(copy)
    ? { state: 'found', data }
    : { state: 'corrupt' };
}

/**
 * CommonJS's module wrapper plus `__import`, the bundle's dynamic import() (its build writes
 * `__import(x)` for each `import(x)` it cannot bundle, such as a skill's entry module). Node
 * 20's vm cannot give code from a code cache a working import(): V8 drops the script's
 * loader options when it deserializes, and the call fails with "A dynamic import callback
 * was not specified". This module is loaded by Node itself, so its import() works.
 */
const WRAPPER = '(function (exports, require, module, __filename, __dirname, __import) { ';
const dynamicImport = (specifier: string): Promise<unknown> => import(specifier);

/** CommonJS's Module class, with the statics this file uses. */
type ModuleClass = typeof import('node:module').Module & {
  createRequire(file: string): NodeJS.Require;
  _nodeModulePaths(dir: string): string[];
};

/**
 * Compiles and runs `file` as a CommonJS module, with cached code from `cacheDir` when it
 * was made from this very bundle. `build` identifies the bundle's content (its hash,
 * computed by the build). `moduleClass` is CommonJS's Module: a CommonJS caller passes its
 * own `module.constructor`, which spares loading node:module (and the ES module loader it
 * brings) at every start; by default it comes from node:module.
 */
export function runWithCodeCache(
  file: string,
  opts: {
    build: string;
    cacheDir: string | undefined;
    encoding?: 'latin1' | 'utf8';
    moduleClass?: typeof import('node:module').Module;
  },
): CodeCacheRun {
  const Module = (opts.moduleClass ??
    process.getBuiltinModule('node:module').Module) as ModuleClass;
  const source = readFileSync(file, opts.encoding ?? 'utf8');
  const st = statSync(file);
  const expect = {
    build: opts.build,
    size: st.size,
    mtimeMs: st.mtimeMs,
    ino: st.ino,
    node: process.version,
    arch: process.arch,
  };
  const cacheFile = opts.cacheDir && join(opts.cacheDir, `bundle-${pathKey(file)}.bin`);
  const found = cacheFile ? readCache(cacheFile, expect) : undefined;
  const script = new vm.Script(`${WRAPPER}${source}\n})`, {
    filename: file,
    ...(found?.state === 'found' && { cachedData: found.data }),
  });
  const state: CodeCacheState = !found
    ? 'off'
    : found.state !== 'found'
      ? found.state
      : script.cachedDataRejected
        ? 'rejected'
        : 'hit';

  const mod = new Module(file);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(dirname(file));
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(
    mod.exports,
    mod.exports,
    Module.createRequire(file),
    mod,
    file,
    dirname(file),
    dynamicImport,
  );

  return {
    state,
    get exports() {
      return mod.exports;
    },
    save() {
      if (!cacheFile || state === 'hit') return;
      try {
        const data = script.createCachedData();
        const header: Header = { format: FORMAT, ...expect, length: data.length };
        mkdirSync(dirname(cacheFile), { recursive: true, mode: 0o700 });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(
          tmp,
          Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), data, data]),
          {
            mode: 0o600,
          },
        );
        renameSync(tmp, cacheFile);
      } catch {
        // A read-only or full disk: the next start compiles from source again.
      }
    },
  };
}
