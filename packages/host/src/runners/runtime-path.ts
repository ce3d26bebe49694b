// Where the runner program (runtime/main.ts, compiled to dist/runners/runtime/main.js) lives.
// Worker threads and child processes run JavaScript files, so it is always the compiled copy
// in the host package's dist/, found from this module's URL: that is src/runners/ when the
// host runs from its TypeScript sources (tests), dist/runners/ when built, and the package's
// main module when bundled into the CLI (its build maps import.meta.url to the package).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SkillError } from '@openclaw/skill-sdk';

const PACKAGE = '@openclaw/skill-host';
let cached: string | undefined;

function packageRoot(from: string): string | undefined {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        if ((JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === PACKAGE) {
          return dir;
        }
      } catch {
        // Not a readable package.json: keep looking up.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The folder holding main.js (what a sandbox must be able to read). */
export function runtimeDir(): string {
  if (cached) return cached;
  const here = fileURLToPath(import.meta.url);
  const root = packageRoot(here);
  const dir = root ? join(root, 'dist', 'runners', 'runtime') : join(dirname(here), 'runtime');
  if (!existsSync(join(dir, 'main.js'))) {
    throw new SkillError(
      'SKILL_UNAVAILABLE',
      `The skill runner program ${join(dir, 'main.js')} is missing.`,
      {
        hint: 'Build the host: `pnpm build` in the repository.',
      },
    );
  }
  return (cached = dir);
}

export const runtimeMain = (): string => join(runtimeDir(), 'main.js');
