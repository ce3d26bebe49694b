// Where the runner program (runtime/main.ts, compiled) lives. Worker threads and child
// processes run JavaScript only, so when the host itself runs from its TypeScript sources
// (tests resolve the "@openclaw/source" condition) the compiled copy in dist/ is used.
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SkillError } from '@openclaw/skill-sdk';

let cached: string | undefined;

/** The folder holding runtime/main.js (what a sandbox must be able to read). */
export function runtimeDir(): string {
  if (cached) return cached;
  const here = fileURLToPath(import.meta.url);
  let dir = join(dirname(here), 'runtime');
  if (here.endsWith('.ts')) {
    const src = `${sep}src${sep}runners${sep}runtime`;
    dir = dir.endsWith(src)
      ? dir.slice(0, -src.length) + `${sep}dist${sep}runners${sep}runtime`
      : dir;
  }
  if (!existsSync(join(dir, 'main.js'))) {
    throw new SkillError(
      'SKILL_UNAVAILABLE',
      `The skill runner program ${join(dir, 'main.js')} is missing.`,
      { hint: 'Build the host: `pnpm build` in the repository.' },
    );
  }
  return (cached = dir);
}

export const runtimeMain = (): string => join(runtimeDir(), 'main.js');
