// After the TypeScript build: each src/bundled/*.cjs becomes dist/bundled/*.cjs, the same
// CommonJS module with the packages it requires bundled in (esbuild). A cold scan loads the
// parsers from one file instead of resolving and loading dozens (src/lazy-deps.ts). The
// sources run unbundled under the tests; the packages' own license comments are kept.
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const entries = (await readdir(here('src/bundled'))).filter((f) => f.endsWith('.cjs'));
await build({
  entryPoints: entries.map((f) => here(`src/bundled/${f}`)),
  outdir: here('dist/bundled'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'inline',
  logLevel: 'warning',
});
