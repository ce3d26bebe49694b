// Builds the dashboard to dist/ (static files: index.html, hashed JS and CSS, no inline
// script, so serve can send a strict Content-Security-Policy). Type-checks first: the
// bundler only strips types.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', root], { stdio: 'inherit' });

await build({
  root,
  base: '/',
  logLevel: 'warn',
  // Preact's automatic JSX runtime (tsconfig says the same for the type check).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One script and one stylesheet, both files: nothing inline for the CSP to allow.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
  },
});
