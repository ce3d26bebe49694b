import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// Import boundaries: cli > host > sdk. A package imports another only by its name and only
// if it is listed here; never another package's source by a relative path, never the
// repository's test/ folder. Tests in a package may also use @openclaw/test-utils (test
// servers and fixtures, never published). docs/architecture.md explains the layers.
const PACKAGE_NAMES = {
  sdk: '@openclaw/skill-sdk',
  host: '@openclaw/skill-host',
  cli: '@openclaw/skill-cli',
  'create-openclaw-skill': 'create-openclaw-skill',
  dashboard: '@openclaw/dashboard',
  'test-utils': '@openclaw/test-utils',
};
const MAY_IMPORT = {
  sdk: [],
  host: ['sdk'],
  cli: ['sdk', 'host', 'create-openclaw-skill'],
  'create-openclaw-skill': ['sdk'],
  // The browser bundle: only the host's API view types, checked below.
  dashboard: ['host'],
  'test-utils': [],
};
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function boundaryPatterns(dir, forTests) {
  const allowed = new Set([dir, ...MAY_IMPORT[dir], ...(forTests ? ['test-utils'] : [])]);
  const patterns = [
    {
      regex: `^(\\.\\./)+(${Object.keys(PACKAGE_NAMES).map(escape).join('|')})/src(/|$)`,
      message: 'Import another package by its name, not by a relative path into its source.',
    },
    {
      regex: '^(\\.\\./)+test/',
      message:
        'Packages never import from test/; shared test servers live in @openclaw/test-utils.',
    },
  ];
  for (const [other, name] of Object.entries(PACKAGE_NAMES)) {
    if (allowed.has(other)) continue;
    patterns.push({
      regex: `^${escape(name)}(/|$)`,
      message: `packages/${dir} may not import ${name} (allowed: ${[...allowed].join(', ')}).`,
    });
  }
  if (dir === 'dashboard') {
    patterns.push(
      {
        regex: '^@openclaw/skill-host(?!/api-types$)',
        message: 'The dashboard imports only @openclaw/skill-host/api-types.',
      },
      {
        regex: '^@openclaw/skill-host/api-types$',
        allowTypeImports: true,
        message: 'The dashboard imports the host API view types with `import type`.',
      },
    );
  }
  return patterns;
}

function importBoundaries() {
  const tests = ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts'];
  return Object.keys(PACKAGE_NAMES).flatMap((dir) => [
    {
      files: [`packages/${dir}/src/**/*.{ts,tsx}`],
      ignores: tests,
      rules: {
        'no-restricted-imports': ['error', { patterns: boundaryPatterns(dir, false) }],
      },
    },
    {
      files: tests.map((t) => `packages/${dir}/src/${t}`),
      rules: {
        'no-restricted-imports': ['error', { patterns: boundaryPatterns(dir, true) }],
      },
    },
  ]);
}

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
    // Tests and the test servers (test-utils, like test/) are held to the test style instead.
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.generated.ts',
      '**/generated/**',
      'packages/test-utils/**',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
      'max-params': ['error', 4],
    },
  },
  ...importBoundaries(),
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
