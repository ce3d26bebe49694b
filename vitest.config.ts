import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the "source" export
// condition, so tests never run against a stale dist/.
const resolve = { conditions: ['source', 'import', 'default'] };

const project = (name: string, include: string[], testTimeout = 20_000) => ({
  resolve,
  test: { name, include, testTimeout, hookTimeout: 60_000 },
});

export default defineConfig({
  test: {
    projects: [
      project('sdk', ['packages/sdk/src/**/*.test.ts']),
      project('host', ['packages/host/src/**/*.test.ts']),
      project('cli', ['packages/cli/src/**/*.test.ts']),
      project('skills', ['skills/*/src/**/*.test.ts']),
      project('e2e', ['test/**/*.test.ts'], 60_000),
    ],
  },
});
