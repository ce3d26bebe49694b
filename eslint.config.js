import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      'test/bench/results/**',
      'docs/.vitepress/cache/**',
      'docs/reference/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Units a reader can hold: a function fits on a screen or two, and more than four
    // positional parameters become one options object.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.generated.ts', '**/generated/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
      'max-params': ['error', 4],
    },
  },
  {
    // Restructured on another branch; removed at merge
    files: [
      'packages/host/src/host.ts',
      'packages/host/src/auth/flow-code.ts',
      'packages/host/src/auth/manager.ts',
      'packages/host/src/auth/token-source.ts',
      'packages/host/src/context/storage.ts',
      'packages/host/src/install/inspect.ts',
      'packages/host/src/pg/grant-store.ts',
      'packages/host/src/runners/activations.ts',
      'packages/host/src/runners/inline.ts',
      'packages/host/src/runners/remote.ts',
      'packages/host/src/runners/runtime/context.ts',
      'packages/host/src/serve/http.ts',
      'packages/host/src/serve/mcp-server.ts',
      'packages/host/src/serve/serve.ts',
      'packages/sdk/src/skill-md/parse.ts',
      'packages/sdk/src/validate/read-folder.ts',
    ],
    rules: { 'max-lines-per-function': 'off', 'max-params': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        performance: 'readonly',
        URL: 'readonly',
      },
    },
  },
  {
    // CommonJS modules the SDK's build bundles (packages/sdk/build.mjs): require is the point.
    files: ['packages/*/src/bundled/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
