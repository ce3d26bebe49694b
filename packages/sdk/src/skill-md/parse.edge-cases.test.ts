import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SKILL_MD_BYTES, parseSkillMd, readSkillMd } from './parse.js';

const file = '/skills/demo/SKILL.md';
const parse = (text: string) => parseSkillMd(text, { file });
const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

describe('parseSkillMd edge cases (lenient)', () => {
  it('loads an unquoted description holding ": " and warns on its line', () => {
    const r = parse(
      '---\nname: demo\ndescription: Use when: the user asks for a demo\n---\nBody\n',
    );
    expect(r.doc?.description).toBe('Use when: the user asks for a demo');
    expect(r.problems).toEqual([
      expect.objectContaining({
        code: 'SKILL_MD_UNQUOTED_COLON',
        severity: 'warning',
        line: 3,
        file,
      }),
    ]);
  });

  it('reads CRLF line ends like LF, with the same lines', () => {
    const r = parse(
      '---\r\nname: demo\r\ndescription: Does demos.\r\nlicense: MIT\r\n---\r\n# Title\r\nText\r\n',
    );
    expect(r.problems).toEqual([]);
    expect(r.doc).toMatchObject({
      name: 'demo',
      description: 'Does demos.',
      license: 'MIT',
      bodyLine: 6,
    });
    expect(r.doc?.keyLines).toEqual({ name: 2, description: 3, license: 4 });
    expect(r.doc?.body).toBe('# Title\nText\n');
  });

  it('ignores a UTF-8 byte order mark', () => {
    const r = parse('\uFEFF---\nname: demo\ndescription: Does demos.\n---\n');
    expect(r.problems).toEqual([]);
    expect(r.doc?.name).toBe('demo');
  });

  it('reads single-line JSON5 metadata with the openclaw block, as a YAML flow map or a string', () => {
    const flow = parse(
      '---\nname: demo\ndescription: d\nmetadata: { "openclaw": { "emoji": "🎮", "requires": { "bins": ["gh"] } } }\n---\n',
    );
    expect(flow.problems).toEqual([]);
    expect(flow.doc?.openclaw).toMatchObject({ emoji: '🎮', requires: { bins: ['gh'] } });
    const str = parse(
      `---\nname: demo\ndescription: d\nmetadata: '{openclaw: {os: ["darwin"], requires: {env: ["TOKEN"]}}}'\n---\n`,
    );
    expect(str.problems).toEqual([]);
    expect(str.doc?.openclaw).toMatchObject({ os: ['darwin'], requires: { env: ['TOKEN'] } });
  });

  it('accepts trailing commas in multi-line metadata', () => {
    const r = parse(
      '---\nname: demo\ndescription: d\nmetadata:\n  {\n    "openclaw":\n      {\n        "requires": { "bins": ["a", "b",], },\n        "install": [{ "kind": "brew", "formula": "a", },],\n      },\n  }\n---\n',
    );
    expect(r.problems).toEqual([]);
    expect(r.doc?.openclaw?.requires?.bins).toEqual(['a', 'b']);
    expect(r.doc?.openclaw?.install).toEqual([{ kind: 'brew', formula: 'a' }]);
  });

  it('reports an empty file', () => {
    const r = parse('');
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_EMPTY', severity: 'error', file, line: 1 }),
    ]);
  });

  it('reports frontmatter that is opened but never closed', () => {
    const r = parse('---\nname: demo\ndescription: d\n# no closing line\n');
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_UNTERMINATED', severity: 'error', line: 1 }),
    ]);
  });

  it('refuses an oversized file without parsing it, from text or from disk', async () => {
    const big = `---\nname: demo\ndescription: d\n---\n${'x'.repeat(MAX_SKILL_MD_BYTES)}`;
    expect(parse(big).problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_TOO_LARGE', severity: 'error' }),
    ]);
    const root = await mkdtemp(join(tmpdir(), 'oc-skillmd-'));
    roots.push(root);
    await mkdir(join(root, 'demo'));
    const onDisk = join(root, 'demo', 'SKILL.md');
    await writeFile(onDisk, big);
    const r = await readSkillMd(onDisk);
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_TOO_LARGE', file: onDisk }),
    ]);
  });

  it('reads a YAML `010` name as the text "010", not the number 8', () => {
    const r = parseSkillMd('---\nname: 010\ndescription: d\n---\n', {
      file: '/skills/010/SKILL.md',
    });
    expect(r.doc?.name).toBe('010');
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_NOT_A_STRING', severity: 'warning', line: 2 }),
    ]);
  });

  it('never shares parsed objects between calls (gray-matter caches by content)', () => {
    const text =
      '---\nname: demo\ndescription: d\nmetadata: { "openclaw": { "emoji": "x" } }\n---\n';
    const first = parse(text).doc!;
    first.frontmatter.name = 'changed';
    (first.frontmatter.metadata as Record<string, unknown>).added = true;
    first.openclaw!.emoji = 'changed';
    const second = parse(text).doc!;
    expect(second.frontmatter.name).toBe('demo');
    expect(second.frontmatter.metadata).toEqual({ openclaw: { emoji: 'x' } });
    expect(second.openclaw?.emoji).toBe('x');
  });

  it('defaults the name to the folder and says so', () => {
    const r = parse('---\ndescription: d\n---\n');
    expect(r.doc?.name).toBe('demo');
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_NAME_MISSING', severity: 'warning' }),
    ]);
  });

  it('reports a missing description as an error with no doc', () => {
    const r = parse('---\nname: demo\n---\n');
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_DESCRIPTION_MISSING', severity: 'error' }),
    ]);
  });

  it('reports invalid YAML at the line in the file where the bad value starts', () => {
    const r = parse('---\nname: demo\ndescription: d\n  bad: indent\n---\n');
    expect(r.doc).toBeUndefined();
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_YAML', severity: 'error', line: 3 }),
    ]);
    const later = parse('---\nname: demo\ndescription: d\nlist: [a, b\n---\n');
    expect(later.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_YAML', severity: 'error', line: 4 }),
    ]);
  });

  it('finds the body after an empty frontmatter block and a lone opening line', () => {
    expect(parse('---\n---\nbody').problems.map((p) => p.code)).toContain(
      'SKILL_MD_DESCRIPTION_MISSING',
    );
    expect(parse('---').problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_UNTERMINATED' }),
    ]);
    const r = parse('---\nname: demo\ndescription: d\n...\nline 5\n');
    expect(r.doc).toMatchObject({ body: 'line 5\n', bodyLine: 5 });
  });

  it('reports a missing file by its path', async () => {
    const r = await readSkillMd('/nonexistent/skill/SKILL.md');
    expect(r.problems).toEqual([
      expect.objectContaining({ code: 'SKILL_MD_MISSING', file: '/nonexistent/skill/SKILL.md' }),
    ]);
    expect(r.problems[0]!.message).toContain('/nonexistent/skill/SKILL.md');
  });
});
