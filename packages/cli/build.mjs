// Bundles the `openclaw-skill` command into dist/bundle/ after the TypeScript build:
// - main.cjs: the program in one CommonJS file instead of ~150 modules to resolve and load.
//   Commands stay lazy (esbuild turns each `import()` of a command into a function run on
//   first use), and the launcher runs the file with V8's code cache (src/code-cache.ts), so
//   a command neither resolves modules nor compiles the program at each start;
// - openclaw-skill.cjs: the launcher package.json's bin names. It prints the help and the
//   version built in here without loading anything, and otherwise runs main.cjs.
//
// The host and the SDK load some dependencies lazily with `createRequire(import.meta.url)`
// (ajv, pino, gray-matter, ...). In a bundle `import.meta.url` would be this package's, which
// does not depend on them; so in those two packages it is replaced by the URL of the package
// itself, and each lazy dependency still resolves from the package that declares it.
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(await readFile(here('package.json'), 'utf8'));
const outdir = here('dist/bundle');

/** Sources whose `import.meta.url` must stay that of their own package. */
const PACKAGE_OF = [
  [here('../host/src/'), '@openclaw/skill-host'],
  [here('../sdk/src/'), '@openclaw/skill-sdk'],
];
const WORKSPACE = [here('src/'), ...PACKAGE_OF.map(([dir]) => dir)];

/** An `import(` whose argument is not a string literal: esbuild cannot bundle it. */
const DYNAMIC_IMPORT = /(?<![\w$.])import\((?!\s*['"])/g;

const workspaceSources = {
  name: 'workspace-sources',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (!WORKSPACE.some((dir) => path.startsWith(dir))) return undefined;
      const owner = PACKAGE_OF.find(([dir]) => path.startsWith(dir));
      let contents = await readFile(path, 'utf8');
      if (owner) {
        // The host's lazy dependencies are bundled (see LAZY below), so the published CLI
        // does not depend on the host's tree; the SDK's still resolve from the SDK package.
        const lazyRequire =
          owner[1] === '@openclaw/skill-host' ? '__hostRequire' : `__packageRequire('${owner[1]}')`;
        contents = contents
          .replaceAll('createRequire(import.meta.url)', lazyRequire)
          .replaceAll('import.meta.url', `__packageUrl('${owner[1]}')`);
      }
      // The launcher's import(), passed in (see src/code-cache.ts): code run from V8's code
      // cache has none of its own on Node 20.
      contents = contents.replace(DYNAMIC_IMPORT, '__import(');
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * The host's lazy dependencies, by the file of dist/bundle/lazy/ that carries them: loaded on
 * first use like the packages themselves, grouped so a command pays only for what it uses.
 * A host `require` of an id not listed here resolves from the CLI package (the SDK, native
 * modules), so the CLI's package.json must declare it.
 */
const LAZY = {
  core: [
    'ajv',
    'ajv/dist/2020.js',
    'ajv-formats',
    'pino',
    'picomatch',
    'minisearch',
    'npm-package-arg',
  ],
  fetch: ['pacote', 'npm-registry-fetch'],
  npmconfig: ['@npmcli/config', '@npmcli/config/lib/definitions'],
  provenance: ['@sigstore/verify', '@sigstore/bundle', '@sigstore/protobuf-specs', '@sigstore/tuf'],
  oauth: ['simple-oauth2'],
  // Both MCP SDKs with the zod they validate with (one copy, shared by the host's own schemas):
  // only serve and a configured MCP server use them, and in main.cjs they were over half its
  // text, read and deserialized at every start. Imported by name from the host's sources, so
  // every id its sources import is listed (the build fails on one that is not).
  mcp: [
    '@modelcontextprotocol/sdk/client/index.js',
    '@modelcontextprotocol/sdk/client/sse.js',
    '@modelcontextprotocol/sdk/client/stdio.js',
    '@modelcontextprotocol/sdk/client/streamableHttp.js',
    '@modelcontextprotocol/sdk/server/index.js',
    '@modelcontextprotocol/sdk/server/stdio.js',
    '@modelcontextprotocol/sdk/server/streamableHttp.js',
    '@modelcontextprotocol/sdk/types.js',
    '@modelcontextprotocol/client',
    '@modelcontextprotocol/server',
    '@modelcontextprotocol/server/stdio',
    'zod',
  ],
  // Used by install (archives), the shared store (Postgres) and watching folders (serve, dev).
  archive: ['tar', 'yauzl'],
  pg: ['pg'],
  watch: ['chokidar'],
  o200k: ['gpt-tokenizer/encoding/o200k_base'],
  cl100k: ['gpt-tokenizer/encoding/cl100k_base'],
};

/**
 * `require` of the named package, created on its first use: resolving a package costs a few
 * milliseconds, and most commands never load a lazy dependency.
 */
const PACKAGE_REQUIRE = `const __packageRequire = (pkg) => {
  let r;
  const get = () => (r ??= require('node:module').createRequire(require.resolve(pkg)));
  const req = (id) => get()(id);
  req.resolve = (id, opts) => get().resolve(id, opts);
  return req;
};
// A package this bundle carries may be absent (the host): its URL is then the bundle's own,
// so files it looks for beside itself are those the build put in dist/bundle/.
const __packageUrl = (pkg) => {
  let file = __filename;
  try { file = require.resolve(pkg); } catch {}
  return require('node:url').pathToFileURL(file).href;
};
const __LAZY = ${JSON.stringify(Object.fromEntries(Object.entries(LAZY).flatMap(([group, ids]) => ids.map((id) => [id, group]))))};
const __hostRequire = (id) => {
  const group = __LAZY[id];
  return group ? require('./lazy/' + group + '.cjs')[id]() : require(id);
};
__hostRequire.resolve = (id, opts) => require.resolve(id, opts);
const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;`;

/**
 * The SKILL.md and manifest reader this bundle carries (host/src/scan/folder-cache.ts): the
 * SDK's version and a hash of its sources and dependencies, so a scan cache written by
 * another reader is never trusted.
 */
async function readerId() {
  const sdk = here('../sdk/');
  const hash = createHash('sha256').update(await readFile(`${sdk}package.json`));
  const files = (await readdir(`${sdk}src`, { recursive: true }))
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    .sort();
  for (const f of files) hash.update(f).update(await readFile(`${sdk}src/${f}`));
  // The parsers (js-yaml, yaml, json5), as the SDK's build bundled them: a
  // parser upgrade changes no SDK source but may change what a SKILL.md reads as.
  for (const f of (await readdir(`${sdk}dist/bundled`)).sort())
    hash.update(f).update(await readFile(`${sdk}dist/bundled/${f}`));
  const { version } = JSON.parse(await readFile(`${sdk}package.json`, 'utf8'));
  return `${version}:bundle:${hash.digest('hex').slice(0, 32)}`;
}

/** Packages the workspace imports (statically or not) that live in a LAZY group, not main.cjs. */
const LAZY_IMPORTED = /^(@modelcontextprotocol\/|zod(\/|$)|tar$|yauzl$|pg$|chokidar$)/;
const LAZY_IDS = new Set(Object.values(LAZY).flat());

// An import of such a package becomes a module that loads it from its group on first
// evaluation: commands reach the importing modules through import(), so a command that does
// not use them never loads the group.
const lazyImports = {
  name: 'lazy-imports',
  setup(b) {
    b.onResolve({ filter: LAZY_IMPORTED }, ({ path, importer }) => {
      if (!WORKSPACE.some((dir) => importer.startsWith(dir))) return undefined;
      if (!LAZY_IDS.has(path))
        return { errors: [{ text: `${path} is not in a LAZY group of packages/cli/build.mjs` }] };
      return { path, namespace: 'lazy-import' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-import' }, ({ path }) => ({
      contents: `module.exports = __hostRequire(${JSON.stringify(path)});`,
      loader: 'js',
    }));
  },
};

/**
 * Node built-in modules that loading costs milliseconds (crypto alone pulls in streams and a
 * dozen internal modules) and that a command uses only in some paths: keys, hashes, children,
 * workers, waiting a turn. `list` runs none of their functions.
 */
const LAZY_BUILTINS = [
  'node:crypto',
  'node:child_process',
  'node:worker_threads',
  'node:v8',
  'node:timers/promises',
  // Loads the ES module loader with it; the launcher hands main.cjs CommonJS's Module itself.
  'node:module',
];

// An import of such a built-in becomes an object with a getter per export that loads the
// built-in on first use. Bundled code reads an import's members at each use (esbuild's
// `(0, import_x.f)()`), so a module that imports crypto costs nothing until one is called.
// The getters sit on the object's prototype: esbuild's ES-module view of a CommonJS module
// (__toESM) inherits from that prototype and copies only own properties, and crypto is
// imported by some thirty modules.
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const filter = new RegExp(`^(${LAZY_BUILTINS.map((id) => id.slice(5)).join('|')})$`);
    b.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, ({ path, namespace }) => {
      const bare = path.replace(/^node:/, '');
      if (!filter.test(bare)) return undefined;
      // The getters' own require() is of the built-in itself.
      if (namespace === 'lazy-builtin') return { path, external: true };
      return { path: bare, namespace: 'lazy-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async ({ path }) => {
      const id = `node:${path}`;
      const names = Object.keys(await import(id)).filter((k) => k !== 'default');
      const getters = names.map(
        (k) =>
          `${JSON.stringify(k)}: { get: () => load()[${JSON.stringify(k)}], enumerable: true }`,
      );
      return {
        contents: `let m;\nconst load = () => (m ??= require(${JSON.stringify(id)}));\nmodule.exports = Object.create(Object.defineProperties({}, {${getters.join(',')}}));`,
        loader: 'js',
      };
    });
  },
};

/**
 * Packages (or files of one) whose export is one function or class the workspace only calls
 * or constructs, and whose loading does work a command that never uses them should not pay
 * for: write-file-atomic loads node:worker_threads at its top (for the thread's id), and
 * every module that saves a file imports it; semver compiles some forty regular expressions
 * when first loaded, and a scan with its cache needs none of them.
 */
const LAZY_FUNCTIONS = [
  'write-file-atomic',
  'semver/classes/range.js',
  'semver/functions/major.js',
  'semver/functions/satisfies.js',
  'semver/functions/valid.js',
  'semver/ranges/valid.js',
];

// An import of such a package becomes a function that loads the package on its first call
// (or `new`: a class's instance is then made by the class itself). The package itself is
// still bundled into main.cjs, from the host's dependencies.
const lazyFunctions = {
  name: 'lazy-functions',
  setup(b) {
    const filter = new RegExp(
      `^(${LAZY_FUNCTIONS.map((id) => id.replaceAll('.', '\\.')).join('|')})$`,
    );
    b.onResolve({ filter }, async ({ path, importer, namespace, resolveDir, kind }) => {
      if (namespace === 'lazy-function' || !WORKSPACE.some((dir) => importer.startsWith(dir)))
        return undefined;
      // The file the importer's own package resolves to, loaded from there on first use.
      const real = await b.resolve(path, { resolveDir, kind, namespace: 'lazy-function' });
      if (real.errors.length) return { errors: real.errors };
      // Named from the repository's root, as esbuild names the files it bundles.
      return {
        path: relative(here('../..'), real.path),
        namespace: 'lazy-function',
        pluginData: real.path,
      };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-function' }, ({ pluginData: file }) => ({
      contents: `let f;\nmodule.exports = function (...args) {\n  f ??= require(${JSON.stringify(file)});\n  return new.target ? Reflect.construct(f, args) : f.apply(this, args);\n};`,
      resolveDir: dirname(file),
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  define: {
    __CLI_VERSION__: JSON.stringify(pkg.version),
    // The scaffolder `new` fetches when it is not installed beside the CLI (src/scaffolder.ts).
    __SCAFFOLDER_VERSION__: JSON.stringify(
      JSON.parse(await readFile(here('../create-openclaw-skill/package.json'), 'utf8')).version,
    ),
  },
  // Maps name the TypeScript file and line of a stack frame; the sources themselves (most of
  // a map's bytes) are not shipped in them: every user would download them for nothing.
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

// Start empty so no file of an older layout is left to publish.
await rm(outdir, { recursive: true, force: true });

// What both bundles of the program share: workspace packages from their TypeScript sources,
// ESM builds first (jsonc-parser's "main" is a UMD build whose inner require()s cannot be
// bundled), what is left of import.meta.url (this package's own sources, bundled dependencies)
// as the bundle's own URL, and comments and indentation out (less to read at each start).
const program = {
  ...common,
  conditions: ['@openclaw/source'],
  mainFields: ['module', 'main'],
  define: {
    ...common.define,
    'import.meta.url': '__importMetaUrl',
    __SKILL_READER__: JSON.stringify(await readerId()),
  },
  minifyWhitespace: true,
};

await build({
  ...program,
  entryPoints: { main: here('src/bin.ts') },
  outdir,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  banner: { js: PACKAGE_REQUIRE },
  plugins: [workspaceSources, lazyImports, lazyBuiltins, lazyFunctions],
});

// The library entry (`import '@openclaw/skill-cli'`), bundled like main.cjs as an ES module,
// so a library user needs only the CLI's declared dependencies, not the host or commander.
// Its lazy packages load from the same lazy/ files as main.cjs's: carried inline they made
// this file 3.6 MB that every install of the CLI downloaded a second copy of.
await build({
  ...program,
  entryPoints: { index: here('src/index.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  sourcemap: false,
  banner: {
    js: `import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);\nconst __filename = require('node:url').fileURLToPath(import.meta.url);\nconst __dirname = require('node:path').dirname(__filename);\nconst __import = (s) => import(s);\n${PACKAGE_REQUIRE}`,
  },
  plugins: [workspaceSources, lazyImports],
});

// Each group of LAZY as one file exporting a loader per id: bundled from the host's own
// dependency tree, so the installed CLI needs none of it.
const hostDir = here('../host/');
await build({
  ...common,
  entryPoints: Object.keys(LAZY).map((group) => ({ in: `lazy:${group}`, out: group })),
  outdir: `${outdir}/lazy`,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  mainFields: ['module', 'main'],
  sourcemap: false,
  minifyWhitespace: true,
  // Only for running a package's install scripts, which installs never do (--ignore-scripts).
  external: ['node-gyp'],
  plugins: [
    {
      name: 'lazy-groups',
      setup(b) {
        b.onResolve({ filter: /^lazy:/ }, ({ path }) => ({ path, namespace: 'lazy' }));
        b.onLoad({ filter: /.*/, namespace: 'lazy' }, ({ path }) => ({
          contents: `module.exports = {${LAZY[path.slice(5)].map((id) => `${JSON.stringify(id)}: () => require(${JSON.stringify(id)})`).join(',')}};`,
          resolveDir: hostDir,
          loader: 'js',
        }));
      },
    },
  ],
});

// The skill runner program (the host's runners/runtime/main.ts), for a CLI installed without
// the host: runtime-path.ts looks for runtime/main.js beside the bundle then.
await build({
  ...common,
  entryPoints: [here('../host/src/runners/runtime/main.ts')],
  outfile: `${outdir}/runtime/main.js`,
  format: 'esm',
  sourcemap: false,
  external: ['@openclaw/skill-sdk'],
});

const bundle = await readFile(`${outdir}/main.cjs`);
const unbundled = bundle.toString('latin1').match(DYNAMIC_IMPORT);
if (unbundled) {
  throw new Error(
    `main.cjs has ${unbundled.length} import() the launcher cannot serve; write it in packages/cli, host or sdk (rewritten to __import) or with a string literal.`,
  );
}
const bundleBuild = createHash('sha256').update(bundle).digest('hex');
// esbuild escapes non-ASCII text by default; an ASCII file is read as latin1, which is a copy
// instead of a UTF-8 decode of the whole bundle.
const bundleEncoding = bundle.every((b) => b < 0x80) ? 'latin1' : 'utf8';

// The help exactly as the program prints it (from the TypeScript build of this package).
const { run, memoryIo } = await import('./dist/index.js');
const io = memoryIo();
if ((await run(['--help'], io)) !== 0) throw new Error(`--help failed: ${io.err}`);

await build({
  ...common,
  entryPoints: [here('src/launcher.ts')],
  outfile: `${outdir}/openclaw-skill.cjs`,
  format: 'cjs',
  define: {
    ...common.define,
    __ROOT_HELP__: JSON.stringify(io.out),
    __BUNDLE_BUILD__: JSON.stringify(bundleBuild),
    __BUNDLE_ENCODING__: JSON.stringify(bundleEncoding),
  },
});

// The dashboard page, prebuilt by packages/dashboard (root `pnpm build` runs it first):
// shipped in dist/ so serve can show it with nothing more to install.
await rm(here('dist/dashboard'), { recursive: true, force: true });
await cp(here('../dashboard/dist'), here('dist/dashboard'), { recursive: true });
