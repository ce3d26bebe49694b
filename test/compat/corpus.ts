// Where the third-party compat corpus is (outside the repo: ../shared/compat, or
// OPENCLAW_SKILLS_COMPAT_DIR). vitest.config.ts runs this folder's suites only when the
// corpus is there, and passes its path in the environment.
import { resolve } from 'node:path';

const dir = process.env.OPENCLAW_SKILLS_COMPAT_DIR;
if (!dir) throw new Error('test/compat runs through vitest.config.ts, which finds the corpus');

export const compatDir = resolve(dir);
/** The folder holding the corpus, with the shared fixtures beside it (fixtures/prompt). */
export const sharedDir = resolve(compatDir, '..');
