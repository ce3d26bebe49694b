// The troubleshooting page has one entry per SkillError code and per problem code, each saying
// what it means and what to do; a code added to packages/sdk/src/errors.ts without an entry
// fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, PROBLEM_CODES } from '@openclaw/skill-sdk';
import { docsDir } from './support/doc-pages.js';

const page = readFileSync(join(docsDir, 'operators', 'troubleshooting.md'), 'utf8');

/** The `### \`CODE\`` entries of one `## ` section, with their text. */
function entries(section: string): Map<string, string> {
  const start = page.indexOf(`\n## ${section}\n`);
  expect(start, `section "## ${section}" in troubleshooting.md`).toBeGreaterThan(-1);
  const rest = page.slice(start + section.length + 5);
  const body = rest.split(/\n## /)[0]!;
  const out = new Map<string, string>();
  for (const part of body.split(/\n### /).slice(1)) {
    const code = /^`([A-Z_]+)`/.exec(part)?.[1];
    if (code) out.set(code, part);
  }
  return out;
}

const sections = [
  { section: 'Error codes', codes: ERROR_CODES },
  { section: 'Problem codes', codes: PROBLEM_CODES },
] as const;

describe.each(sections)('troubleshooting.md, section "$section"', ({ section, codes }) => {
  const found = entries(section);

  it('has an entry for every code in errors.ts', () => {
    expect(codes.filter((c) => !found.has(c))).toEqual([]);
  });

  it('has no entry for a code errors.ts does not define', () => {
    const known = new Set<string>(codes);
    expect([...found.keys()].filter((c) => !known.has(c))).toEqual([]);
  });

  it('says in every entry what the code means and what to do', () => {
    const incomplete = [...found].filter(
      ([, text]) => !/\*\*What it means:\*\* \S/.test(text) || !/\*\*What to do:\*\* \S/.test(text),
    );
    expect(incomplete.map(([code]) => code)).toEqual([]);
  });
});
