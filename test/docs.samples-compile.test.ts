// Every ```ts block of the hand-written docs compiles: each is written to a file of its own and
// type-checked with tsc against the workspace packages (their built types, as a user's project
// sees them after `npm install`). A failure names the page and line of the block.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { codeBlocks, docPages, repo } from './support/doc-pages.js';

const exec = promisify(execFile);
// Inside the repo, so the samples resolve packages from its node_modules like a user's project.
const dir = join(repo, '.tmp', `docs-samples-${process.pid}`);
afterAll(() => rm(dir, { recursive: true, force: true }));

const blocks = docPages()
  .flatMap(codeBlocks)
  .filter((b) => b.lang === 'ts' || b.lang === 'typescript');

describe('TypeScript samples in the docs', () => {
  it('are found on the guide pages', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(15);
    const pages = new Set(blocks.map((b) => b.page));
    for (const page of ['docs/authors/tools.md', 'docs/agents/embedding.md'])
      expect(pages).toContain(page);
  });

  it('type-check with tsc against the workspace packages', async () => {
    await mkdir(dir, { recursive: true });
    const files = new Map<string, string>();
    for (const [i, b] of blocks.entries()) {
      const name = `${b.page.replace(/^docs\//, '').replace(/[/.]/g, '_')}_L${b.line}_${i}.ts`;
      files.set(name, `${b.page}:${b.line}`);
      // Each sample is a module of its own (top-level await, no clashes between samples).
      await writeFile(join(dir, name), `${b.code}\nexport {};\n`);
    }
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: relative(dir, join(repo, 'tsconfig.base.json')),
        compilerOptions: {
          noEmit: true,
          composite: false,
          declaration: false,
          declarationMap: false,
          lib: ['ES2023', 'DOM'],
          noUnusedLocals: false,
        },
        include: ['*.ts'],
      }),
    );
    const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    const out = await exec(process.execPath, [tsc, '-p', dir], { cwd: repo }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    // Point each error at the docs page and line it came from.
    const errors = out
      .split('\n')
      .filter((l) => / error TS\d+/.test(l))
      .map((l) => {
        const m = /^(?:.*[\\/])?([^\\/(]+\.ts)\((\d+),\d+\): (.*)$/.exec(l);
        const where = m && files.get(m[1]!);
        return where ? `${where} (+${Number(m[2])} in block): ${m[3]}` : l;
      });
    expect(errors).toEqual([]);
  }, 120_000);
});
