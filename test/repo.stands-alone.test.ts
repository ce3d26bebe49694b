// The repository explains itself: a comment that cites a Markdown document must cite one that
// is in the repository (a reader of a clone can follow it), and no comment or doc cites a
// tracker's issue number, which a clone does not have.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|vue|yaml|yml|sh)$/;
// Names of file formats that comments talk about, not documents they cite.
const FORMATS = new Set(['SKILL.md', 'README.md', 'CHANGELOG.md', 'AGENTS.md', 'CLAUDE.md']);

const tracked = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: repo,
    maxBuffer: 64 << 20,
  },
)
  .toString()
  .split('\0')
  .filter((f) => f && existsSync(join(repo, f)) && !f.startsWith('docs/reference/'));

/** The comment text of a source line (`//`, `/*`, ` *`, `#`), or undefined. */
function commentOf(line: string): string | undefined {
  const m = /(?:^|\s)(?:\/\/|\/\*+|\*|#)\s?(.*)$/.exec(line);
  return m?.[1];
}

function citedDocuments(file: string): { line: number; doc: string }[] {
  const out: { line: number; doc: string }[] = [];
  readFileSync(join(repo, file), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const comment = commentOf(text);
      if (!comment) return;
      for (const m of comment.matchAll(/[\w./-]*[A-Za-z0-9_-]\.md\b/g))
        out.push({ line: i + 1, doc: m[0] });
    });
  return out;
}

// The pages scripts/docs-gen.mjs writes into docs/reference/ (generated, so not in a clone).
const GENERATED = new Set(['manifest.md', 'host-config.md', 'cli.md']);

const exists = (file: string, doc: string) =>
  GENERATED.has(doc) ||
  [repo, dirname(join(repo, file)), join(repo, 'docs')].some((base) => existsSync(join(base, doc)));

describe('the repository stands alone', () => {
  it('every Markdown document a code comment cites is in the repository', () => {
    const missing = tracked
      .filter((f) => CODE.test(f))
      .flatMap((f) => citedDocuments(f).map((c) => ({ ...c, file: f })))
      .filter((c) => !FORMATS.has(c.doc.split('/').pop()!) && !exists(c.file, c.doc))
      .map((c) => `${c.file}:${c.line} cites ${c.doc}`);
    expect(missing).toEqual([]);
  });

  it('no code comment, doc or config cites an issue number', () => {
    const cites = tracked
      .filter((f) => CODE.test(f) || f.endsWith('.md') || f.endsWith('.json'))
      .flatMap((f) =>
        readFileSync(join(repo, f), 'utf8')
          .split('\n')
          .map((text, i) => ({ text, where: `${f}:${i + 1}` })),
      )
      .filter(({ text }) => /\b[Ii]ssues? #?\d+\b|\bDESIGN\.md\b/.test(text))
      .map(({ where, text }) => `${where}: ${text.trim().slice(0, 100)}`);
    expect(cites).toEqual([]);
  });
});
