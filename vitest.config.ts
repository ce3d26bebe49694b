import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the "@openclaw/source" export
// condition, so tests never run against a stale dist/.
const resolve = { conditions: ['@openclaw/source', 'import', 'default'] };

const project = (name: string, include: string[], testTimeout = 20_000) => ({
  resolve,
  test: { name, include, testTimeout, hookTimeout: 60_000 },
});

// CI asks for a JSON report too (scripts/test-summary.mjs turns it into "N passed, N failed").
const reportFile = process.env.VITEST_REPORT_FILE;

export default defineConfig({
  test: {
    ...(reportFile && { reporters: ['default', 'json'], outputFile: { json: reportFile } }),
    projects: [
      project('sdk', ['packages/sdk/src/**/*.test.ts']),
      project('host', ['packages/host/src/**/*.test.ts']),
      project('cli', ['packages/cli/src/**/*.test.ts']),
      project('skills', ['skills/*/src/**/*.test.ts', 'skills/*/test/**/*.test.ts']),
      project('e2e', ['test/**/*.test.ts'], 60_000),
    ],
  },
});
