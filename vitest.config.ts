import { existsSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the "@openclaw/source" export
// condition, so tests never run against a stale dist/.
const resolve = { conditions: ['@openclaw/source', 'import', 'default'] };

const project = (
  name: string,
  include: string[],
  testTimeout = 20_000,
  exclude: string[] = [],
) => ({
  resolve,
  // Tests run in Vite's SSR environment, which reads its own conditions (Vite 6+); keep its
  // defaults for third-party packages and add ours first.
  ssr: { resolve: { conditions: ['@openclaw/source', ...defaultServerConditions] } },
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    testTimeout,
    hookTimeout: 60_000,
    // Children that inherit the test process's environment (npm scripts of a scaffolded skill,
    // the release flow) run the CLI with the real HOME: its V8 code cache must not land in the
    // real ~/.cache. Tests of the cache pass their own environment with a temporary HOME.
    env: { OPENCLAW_SKILL_CODE_CACHE: '0' },
  },
});

// CI asks for a JSON report too (scripts/test-summary.mjs turns it into "N passed, N failed").
const reportFile = process.env.VITEST_REPORT_FILE;

// The third-party compat corpus lives outside the repo (a clone has no ../shared): its suites
// (test/compat) run when it is there and otherwise say so in one line. .ci/run requires it.
const compatDir = resolvePath(
  process.env.OPENCLAW_SKILLS_COMPAT_DIR ?? join(import.meta.dirname, '..', 'shared', 'compat'),
);
const hasCompat = ['openclaw', 'agentskills'].every((g) => existsSync(join(compatDir, g)));
if (!hasCompat) {
  if (process.env.OPENCLAW_SKILLS_REQUIRE_COMPAT === '1') {
    throw new Error(`The compat corpus is required here but ${compatDir} has none.`);
  }
  console.log(
    `compat suite not run: no corpus at ${compatDir} (put it at ../shared/compat or set OPENCLAW_SKILLS_COMPAT_DIR)`,
  );
}

const compat = project('compat', [
  hasCompat ? 'test/compat/**/*.test.ts' : 'test/compat/not-run.ts',
]);

export default defineConfig({
  test: {
    ...(reportFile && { reporters: ['default', 'json'], outputFile: { json: reportFile } }),
    projects: [
      project('sdk', ['packages/sdk/src/**/*.test.ts']),
      project('host', ['packages/host/src/**/*.test.ts']),
      project('create', ['packages/create-openclaw-skill/src/**/*.test.ts']),
      (() => {
        const cli = project('cli', ['packages/cli/src/**/*.test.ts']);
        return { ...cli, test: { ...cli.test, setupFiles: ['test/setup/temp-home.ts'] } };
      })(),
      project('skills', ['skills/*/src/**/*.test.ts', 'skills/*/test/**/*.test.ts']),
      project('e2e', ['test/**/*.test.ts'], 60_000, ['test/compat/**']),
      {
        ...compat,
        test: {
          ...compat.test,
          env: { ...compat.test.env, OPENCLAW_SKILLS_COMPAT_DIR: compatDir },
        },
      },
    ],
  },
});
