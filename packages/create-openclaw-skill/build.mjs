// Bundles the scaffolder after the TypeScript build: dist/cli.mjs (what bin/ runs), and the
// package's two entry points, dist/index.mjs and dist/options.mjs. Each carries everything it
// uses (Handlebars, prompts, the SDK's error type), so the published package has no
// dependencies and `npm create openclaw-skill` installs one package before it starts.
// The bundles sit in dist/ like the files they replace: paths.ts finds the package folder
// one level up from its own file.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

await build({
  entryPoints: {
    cli: here('src/main.ts'),
    index: here('src/index.ts'),
    options: here('src/options.ts'),
  },
  outdir: here('dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Workspace packages from their TypeScript sources; ESM builds of dependencies first.
  conditions: ['@openclaw/source'],
  mainFields: ['module', 'main'],
  // CommonJS dependencies (Handlebars, prompts) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  logLevel: 'error',
});
