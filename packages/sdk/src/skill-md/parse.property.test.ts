import fc from 'fast-check';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { engineInput, locateFrontmatter, readFrontmatter } from './frontmatter.js';
import { parseSkillMd } from './parse.js';

const file = '/skills/demo/SKILL.md';

/** Every answer is a doc, or at least one error saying why there is none. */
function assertAnswer(text: string, mode: 'lenient' | 'strict') {
  const r = parseSkillMd(text, { file, mode });
  expect(Array.isArray(r.problems)).toBe(true);
  for (const p of r.problems) {
    expect(p.file).toBe(file);
    expect(typeof p.code).toBe('string');
    expect(p.message.length).toBeGreaterThan(0);
    expect(p.message).not.toContain('\n');
    if (p.line !== undefined) expect(p.line).toBeGreaterThanOrEqual(1);
  }
  if (r.doc) {
    expect(typeof r.doc.name).toBe('string');
    expect(r.doc.description.length).toBeGreaterThan(0);
  } else {
    expect(r.problems.some((p) => p.severity === 'error')).toBe(true);
  }
}

const yamlish = fc.array(
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom('name', 'description', 'metadata', 'license', 'homepage', 'allowed-tools'),
        fc.string(),
      )
      .map(([k, v]) => `${k}: ${v}`),
    fc
      .tuple(fc.constantFrom('name', 'description'), fc.jsonValue())
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`),
    fc.jsonValue().map((v) => `metadata: ${JSON.stringify({ openclaw: v })}`),
    fc.string(),
  ),
  { maxLength: 8 },
);

describe('parseSkillMd on arbitrary input', () => {
  it('never throws on arbitrary text and always answers a doc or problems', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.constantFrom('lenient', 'strict' as const),
        (text, mode) => {
          assertAnswer(text, mode);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on frontmatter-shaped text with arbitrary keys and values', () => {
    fc.assert(
      fc.property(
        yamlish,
        fc.string(),
        fc.boolean(),
        fc.constantFrom('lenient', 'strict' as const),
        (lines, body, crlf, mode) => {
          const text = `---\n${lines.join('\n')}\n---\n${body}`;
          assertAnswer(crlf ? text.replace(/\n/g, '\r\n') : text, mode);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("finds the frontmatter exactly like a plain split on lines by gray-matter's rules would", () => {
    // The reference: the obvious (slower) implementation over every line. Opening: `---`
    // not followed by `-` (the rest of the line is gray-matter's language); closing: the
    // first later line starting with `---`, or a `...` line.
    const reference = (text: string) => {
      if (!text.startsWith('---') || text[3] === '-') return 'none';
      const lines = text.split('\n');
      for (let i = 1; i < lines.length; i++) {
        const l = lines[i]!;
        const dots = l.startsWith('...') && l.slice(3).trim() === '';
        if (l.startsWith('---') || dots) {
          return {
            language: lines[0]!.slice(3).trim(),
            yaml: lines.slice(1, i).join('\n'),
            closeLine: i + 1,
            dots,
          };
        }
      }
      return 'unterminated';
    };
    const located = (text: string) => {
      const at = locateFrontmatter(text);
      if (typeof at === 'string') return at;
      return {
        language: at.language,
        yaml: text.slice(at.start, at.end),
        closeLine: at.closeLine,
        dots: at.dots,
      };
    };
    const piece = fc.oneof(
      fc.constantFrom('---', '...', '--- ', '----', '---yaml', '... ', '', 'a: b', '\n'),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('\n');
        expect(located(text)).toEqual(reference(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('hands the YAML engine exactly the text gray-matter would, and calls it when gray-matter would', () => {
    // The reference: gray-matter itself on the file up to its closer (a `...` closer written
    // as `---`), with an engine that records what it is given.
    const piece = fc.oneof(
      fc.constantFrom('---', '...', '--- ', '---yaml', '--- yml ', '', 'a: b', '# c', ' #', '\n'),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('', ' ', 'yaml', ' yml'),
        fc.array(piece, { maxLength: 12 }),
        (lang, pieces) => {
          const text = `---${lang}\n${pieces.join('\n')}`;
          const at = locateFrontmatter(text);
          if (typeof at === 'string') return;
          let given: string | undefined;
          const record = (s: string) => ((given = s), {});
          matter(`${text.slice(0, at.closeStart)}---`, {
            language: 'yaml',
            engines: { yaml: record, yml: record, json: record, javascript: record },
          });
          expect(engineInput(text, at)).toBe(given);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('cuts the body exactly where gray-matter does when it is given the whole file', () => {
    // readFrontmatter hands gray-matter only the frontmatter and cuts the body itself; the
    // reference is gray-matter's own `content` for the whole text (a `...` closer written
    // as `---`, as the reader does).
    const piece = fc.oneof(
      fc.constantFrom('---', '...', '--- x', '----', '---yaml', '', 'a: b', '# c', '\n', '\r'),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = `---\n${pieces.join('\n')}`;
        const at = locateFrontmatter(text);
        const r = readFrontmatter(text);
        if (typeof at === 'string' || r.kind !== 'ok') return;
        const whole = at.dots
          ? `${text.slice(0, at.closeStart)}---${text.slice(at.closeStart + 3)}`
          : text;
        const none = () => ({});
        const reference = matter(whole, {
          language: 'yaml',
          engines: { yaml: none, json: none, javascript: none },
        }).content;
        expect(r.body).toBe(reference);
      }),
      { numRuns: 1000 },
    );
  });
});
