// What `pnpm pack` would publish: the manifest, SKILL.md and the built code that runs, and
// nothing else (no sources, tests, source maps or .env). Needs the build (`pnpm build`).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '..');

describe('@openclaw/skill-gmail package', () => {
  it('packs exactly package.json, manifest.json, SKILL.md and the built .js/.d.ts files', async () => {
    expect(existsSync(resolve(dir, 'dist/index.js')), 'run `pnpm build` first').toBe(true);
    const { stdout } = await promisify(execFile)('pnpm', ['pack', '--dry-run', '--json'], {
      cwd: dir,
    });
    const packed = JSON.parse(stdout) as { name: string; files: Array<{ path: string }> };
    expect(packed.name).toBe('@openclaw/skill-gmail');
    expect(packed.files.map((f) => f.path).sort()).toEqual([
      'SKILL.md',
      'dist/api.d.ts',
      'dist/api.js',
      'dist/attachments.d.ts',
      'dist/attachments.js',
      'dist/compose.d.ts',
      'dist/compose.js',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/limit.d.ts',
      'dist/limit.js',
      'dist/read.d.ts',
      'dist/read.js',
      'dist/schemas.d.ts',
      'dist/schemas.js',
      'manifest.json',
      'package.json',
    ]);
  });
});
