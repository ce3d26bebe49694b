// Bundles the `openclaw-skill` command into dist/bundle/ after the TypeScript build:
// - main.js (+ chunks/): the program, one chunk per command, instead of ~150 modules to
//   resolve and load, so a host command starts in about half the time;
// - openclaw-skill.cjs: the launcher package.json's bin names. It prints the help and the
//   version built in here without loading anything, and otherwise imports main.js.
//
// The host and the SDK load some dependencies lazily with `createRequire(import.meta.url)`
// (ajv, pino, gray-matter, ...). In a bundle `import.meta.url` would be this package's, which
// does not depend on them; so in those two packages it is replaced by the URL of the package
// itself, and each lazy dependency still resolves from the package that declares it.
import { cp, readFile, rm } from 'node:fs/promises';
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

const ownPackageUrl = {
  name: 'own-package-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const owner = PACKAGE_OF.find(([dir]) => path.startsWith(dir));
      if (!owner) return undefined;
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const contents = text
        .replaceAll('createRequire(import.meta.url)', `__packageRequire('${owner[1]}')`)
        .replaceAll('import.meta.url', `import.meta.resolve('${owner[1]}')`);
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * `require` of the named package, created on its first use: resolving a package costs a few
 * milliseconds, and most commands never load a lazy dependency.
 */
const PACKAGE_REQUIRE = `const __packageRequire = (pkg) => {
  let r;
  const get = () => (r ??= __createRequire(import.meta.resolve(pkg)));
  const req = (id) => get()(id);
  req.resolve = (id, opts) => get().resolve(id, opts);
  return req;
};`;

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  define: { __CLI_VERSION__: JSON.stringify(pkg.version) },
  sourcemap: 'linked',
  logLevel: 'warning',
};

// Chunk names change with their content: start empty so no stale chunk is left to publish.
await rm(outdir, { recursive: true, force: true });

await build({
  ...common,
  entryPoints: { main: here('src/bin.ts') },
  outdir,
  splitting: true,
  format: 'esm',
  // Workspace packages are bundled from their TypeScript sources.
  conditions: ['@openclaw/source'],
  // ESM builds first: jsonc-parser's "main" is a UMD build whose inner require()s cannot be
  // bundled.
  mainFields: ['module', 'main'],
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies call require() for Node's built-in modules (commander) and read
  // __filename (write-file-atomic names its temp files with it).
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      PACKAGE_REQUIRE,
    ].join('\n'),
  },
  plugins: [ownPackageUrl],
});

// The help exactly as the program prints it (from the TypeScript build of this package).
const { run, memoryIo } = await import('./dist/index.js');
const io = memoryIo();
if ((await run(['--help'], io)) !== 0) throw new Error(`--help failed: ${io.err}`);

await build({
  ...common,
  entryPoints: [here('src/launcher.ts')],
  outfile: `${outdir}/openclaw-skill.cjs`,
  format: 'cjs',
  external: ['./main.js'],
  define: { ...common.define, __ROOT_HELP__: JSON.stringify(io.out) },
});

// The dashboard page, prebuilt by packages/dashboard (root `pnpm build` runs it first):
// shipped in dist/ so serve can show it with nothing more to install.
await rm(here('dist/dashboard'), { recursive: true, force: true });
await cp(here('../dashboard/dist'), here('dist/dashboard'), { recursive: true });
