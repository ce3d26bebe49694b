// The ```sh blocks marked `<!-- runnable -->` in the docs run as written against the bundled
// skills: `openclaw-skill` is the built CLI, the workspace is the repository (skills/weather,
// skills/gmail), and HOME and the state folder are temp dirs. Each block must exit 0.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks, docPages, repo } from './support/doc-pages.js';

const exec = promisify(execFile);
const cliBundle = join(repo, 'packages', 'cli', 'dist', 'bundle', 'openclaw-skill.cjs');
const blocks = docPages()
  .flatMap(codeBlocks)
  .filter((b) => b.runnable);

let tmp: string;
let bin: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'docs-cli-samples-'));
  bin = join(tmp, 'bin');
  await mkdir(bin);
  const shim = join(bin, 'openclaw-skill');
  await writeFile(shim, `#!/bin/sh\nexec "${process.execPath}" "${cliBundle}" "$@"\n`);
  await chmod(shim, 0o755);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('runnable CLI samples in the docs', () => {
  it('are marked on the guide pages, and only on sh blocks', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(blocks.filter((b) => b.lang !== 'sh').map((b) => `${b.page}:${b.line}`)).toEqual([]);
  });

  it.each(blocks.map((b) => [`${b.page}:${b.line}`, b] as const))(
    '%s exits 0 with output, run against the bundled skills with a temp home',
    async (_where, block) => {
      const home = await mkdtemp(join(tmp, 'home-'));
      const { stdout } = await exec('sh', ['-e', '-c', block.code], {
        cwd: repo,
        env: {
          PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
          HOME: home,
          OPENCLAW_SKILLS_HOME: join(home, 'state'),
          NO_COLOR: '1',
        },
      });
      expect(stdout.trim().length).toBeGreaterThan(0);
    },
    60_000,
  );
});
