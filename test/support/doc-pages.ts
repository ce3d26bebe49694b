// Reads the hand-written pages of the docs site (docs/**/*.md, not the generated
// docs/reference/) and the fenced code blocks in them, for the docs tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..', '..');
export const docsDir = join(repo, 'docs');

/** Hand-written Markdown pages, relative to the repo (`docs/authors/testing.md`). */
export function docPages(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name === 'reference' || e.name.startsWith('.') || e.name === 'node_modules') continue;
        walk(path);
      } else if (e.name.endsWith('.md')) out.push(relative(repo, path));
    }
  };
  walk(docsDir);
  return out.sort();
}

export interface CodeBlock {
  /** Page relative to the repo. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The block is preceded by `<!-- runnable -->` (CLI samples run by the docs tests). */
  runnable: boolean;
}

/** The fenced blocks of a page (``` fences at the start of a line). */
export function codeBlocks(page: string): CodeBlock[] {
  const lines = readFileSync(join(repo, page), 'utf8').split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const before = lines
      .slice(0, start)
      .reverse()
      .find((l) => l.trim() !== '');
    blocks.push({
      page,
      line: start + 1,
      lang: open[1]!.split(/[{:[]/)[0]!,
      code: body.join('\n'),
      runnable: before?.trim() === '<!-- runnable -->',
    });
  }
  return blocks;
}
