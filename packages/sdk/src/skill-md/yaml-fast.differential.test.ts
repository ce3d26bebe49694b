// The js-yaml fast path (yaml-fast.ts) must answer exactly as the `yaml` package does, or
// not at all. Checked on generated frontmatter mixing every shape and scalar form the two
// parsers might read differently, and on hand-picked cases it must and must not take.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastFrontmatterYaml } from './yaml-fast.js';
import { parseWithYaml } from './yaml-engine.js';
import { flatFrontmatterYaml } from './yaml-flat.js';

const KEYS = ['name', 'description', 'metadata', 'license', 'a-b', 'x_1', 'k.v', 'Yes'];
const ODD_KEYS = ['010', 'true', 'null', '~', '1.5', '.inf', '__proto__', '<<', '0x1F', '1e3'];
const SCALARS = [
  'hello',
  'hello world',
  'Use when: x',
  'a:b',
  '010',
  '0o17',
  '0x1F',
  '1_000',
  '1.50',
  '1e3',
  '.5',
  '-.inf',
  '.NaN',
  'true',
  'False',
  'yes',
  '~',
  'null',
  '2024-01-02',
  '#hash',
  'a #b',
  'a# b',
  '@x',
  '`x',
  '!tag x',
  '!!str 1',
  '&a x',
  '*a',
  '? x',
  'x ? y',
  'Q&A and R*D!',
  '100% done',
  '%x',
  '[a, b]',
  '[a, [b, c], {d: e}]',
  '{a: 1, b: [x, y]}',
  '{"openclaw": {"emoji": "🧪", "requires": {"bins": ["git"]}}}',
  '{"a":1,"b":[true,null,-2.5,1e+21],"c":{}}',
  '{"a": 1, "a": 2}',
  '{"k": "esc \\" \\n \\u001f"}',
  '{"k": "\\u00e9 \\/"}',
  '{"1": 1}',
  '["x", "y"] ',
  '[]',
  '(paren) /path .dot',
  ':colon',
  'c1\u0085here',
  'lone\ud800',
  '{a, b: 2}',
  '[1, "2", three, 0o7, .inf, ~]',
  '[a] x',
  '"quoted"',
  '"esc \\" q"',
  '"a\\\\"',
  '"tab\\tnew\\nline \\u263A \\x41"',
  '"bad \\q"',
  "'single'",
  "'it''s'",
  "'open",
  '"open',
  "it's fine",
  'ends with colon:',
  'a - b',
  '- x',
  '-x',
  'x,y',
  'x]',
  '{',
  'émoji ✓ 🧪',
  'tab\there',
  'nbsp\u00a0here',
  'nbsp at the end\u00a0',
  '\u3000ideographic space first',
  'cr\rhere',
  'ls\u2028here',
];

const COMMON = [
  'hello',
  'Use it when the user asks about notes.',
  '"Helps with notes (skill 1). Use when asked."',
  "'single quoted'",
  '[git, gh]',
  '{ "openclaw": { "emoji": "🧪" } }',
  'MIT',
  'Read Bash(git:*)',
];
const scalar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMON) },
  { weight: 2, arbitrary: fc.constantFrom(...SCALARS) },
);
const key = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_KEYS) },
);
const pad = fc.constantFrom('', ' ', '  ');
const comment = fc.constantFrom('# note', '  # indented note', '#', '');

/** One top-level entry as lines: `key: value` and the forms a value can take. */
const entry = fc.oneof(
  fc.tuple(key, scalar, pad).map(([k, v, p]) => [`${k}:${p === '' ? ' ' : p}${v}`]),
  // Plain value continued on more lines.
  fc
    .tuple(key, scalar, fc.array(scalar, { minLength: 1, maxLength: 2 }), fc.constantFrom(1, 2))
    .map(([k, v, more, n]) => [`${k}: ${v}`, ...more.map((m) => `${' '.repeat(n)}${m}`)]),
  // Block scalars, with chomping and (sometimes) an indentation digit.
  fc
    .tuple(
      key,
      fc.constantFrom('|', '>', '|-', '>+', '|+', '>-', '|2', '>1'),
      fc.array(fc.tuple(fc.constantFrom(1, 2, 3, 4), scalar), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
    )
    .map(([k, h, body, blank]) => [
      `${k}: ${h}`,
      ...body.map(([n, t]) => `${' '.repeat(n)}${t}`),
      ...(blank ? [''] : []),
    ]),
  // Nested maps and lists, at same-line or deeper indentation.
  fc
    .tuple(
      key,
      fc.array(fc.tuple(key, scalar), { minLength: 1, maxLength: 3 }),
      fc.constantFrom(1, 2, 4),
    )
    .map(([k, kids, n]) => [`${k}:`, ...kids.map(([ck, v]) => `${' '.repeat(n)}${ck}: ${v}`)]),
  fc
    .tuple(key, fc.array(scalar, { minLength: 1, maxLength: 3 }), fc.constantFrom(0, 2))
    .map(([k, items, n]) => [`${k}:`, ...items.map((v) => `${' '.repeat(n)}- ${v}`)]),
  fc
    .tuple(key, fc.array(fc.tuple(key, scalar, key, scalar), { minLength: 1, maxLength: 2 }))
    .map(([k, items]) => [
      `${k}:`,
      ...items.flatMap(([a, x, b, y]) => [`  - ${a}: ${x}`, `    ${b}: ${y}`]),
    ]),
  // Deeper nesting: a map in a map.
  fc
    .tuple(key, key, fc.array(fc.tuple(key, scalar), { minLength: 1, maxLength: 2 }))
    .map(([k, k2, kids]) => [`${k}:`, `  ${k2}:`, ...kids.map(([ck, v]) => `    ${ck}: ${v}`)]),
  comment.map((c) => [c]),
);

const frontmatter = fc
  .array(entry, { minLength: 1, maxLength: 6 })
  .map((entries) => `\n${entries.flat().join('\n')}`);

/** Only one-line entries and comments: the shape the line-by-line path reads. */
const oneLineEntry = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(key, scalar, pad).map(([k, v, p]) => `${k}:${p === '' ? ' ' : p}${v}`),
  },
  { weight: 1, arbitrary: comment },
);
const oneLineFrontmatter = fc
  .array(oneLineEntry, { minLength: 1, maxLength: 6 })
  .map((lines) => `\n${lines.join('\n')}`);

describe('the js-yaml fast path', () => {
  it('answers exactly as the yaml package does whenever it answers (generated frontmatter)', () => {
    let answered = 0;
    fc.assert(
      fc.property(frontmatter, (input) => {
        const fast = fastFrontmatterYaml(input);
        if (!fast) return;
        answered++;
        expect(fast).toEqual(parseWithYaml(input));
      }),
      { numRuns: 4000, seed: 20261130 },
    );
    // Not vacuous: a good share of the inputs took the fast path.
    expect(answered).toBeGreaterThan(400);
  });

  it('reads line by line exactly as the yaml package does whenever it answers (generated frontmatter)', () => {
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(frontmatter, oneLineFrontmatter), (input) => {
        const flat = flatFrontmatterYaml(input);
        if (!flat) return;
        answered++;
        expect(flat).toEqual(parseWithYaml(input));
      }),
      { numRuns: 4000, seed: 20261202 },
    );
    // Not vacuous: a good share of the inputs took the line-by-line path.
    expect(answered).toBeGreaterThan(300);
  });

  it('reads the one-line shape of most SKILL.md files line by line, and leaves the rest', () => {
    const usual =
      '\nname: demo\ndescription: "Helps (a lot). Use when asked."\n# note\nlicense: MIT\nmetadata: { "openclaw": { "emoji": "🧪", "requires": { "bins": ["git"] } } }';
    expect(flatFrontmatterYaml(usual)).toEqual(parseWithYaml(usual));
    expect(flatFrontmatterYaml(usual)).toMatchObject({ keyLines: { name: 2, license: 5 } });
    for (const input of [
      '\nname: demo\ndescription: Plain text that goes\n  on to a second line',
      '\nname: demo\ndescription: "esc \\" q"',
      '\nname: demo\nname: again',
      '\nname: 010\ndescription: d',
      '\nname: demo\nmetadata: {"a": 1, "a": 2}',
      '\nname: demo\nmetadata: {"a": 1.0}',
      '\nname: demo\nmetadata: [git, gh]',
      '\nname: demo\ndescription:\td',
    ]) {
      expect(flatFrontmatterYaml(input), input).toBeUndefined();
    }
  });

  it('answers for the usual shapes, with the lines of the top-level keys', () => {
    const cases = [
      '\nname: demo\ndescription: "Helps (a lot). Use when asked."\nmetadata: { "openclaw": { "emoji": "🧪" } }',
      "\nname: demo\ndescription: 'It''s a demo'\nlicense: MIT",
      '\n# comment\nname: demo\ndescription: >\n  Folded text\n  over lines.\n\nallowed-tools:\n  - Read\n  - Bash(git:*)',
      '\nname: demo\ndescription: Plain text that goes\n  on to a second line\nmetadata:\n  openclaw:\n    requires:\n      bins: [git, gh]\n    emoji: "✓"',
    ];
    for (const input of cases) {
      const fast = fastFrontmatterYaml(input);
      expect(fast, input).toBeDefined();
      expect(fast).toEqual(parseWithYaml(input));
    }
    expect(fastFrontmatterYaml(cases[2]!)).toMatchObject({
      keyLines: { name: 3, description: 4, 'allowed-tools': 8 },
    });
  });

  it('leaves to the yaml package: typed top-level values, colons in plain text, anchors, tabs, typed keys, multi-line quotes, indentation digits', () => {
    for (const input of [
      '\nname: 010\ndescription: d',
      '\nname: demo\ndescription: d\nversion: 1.10',
      '\nname: demo\ndescription: Use when: asked',
      '\nname: demo\ndescription: &d text\nother: *d',
      '\nname: demo\ndescription:\td',
      '\nname: demo\ndescription: d\nmetadata:\n  1: one',
      '\nname: demo\ndescription: "two\n  lines"',
      '\nname: demo\ndescription: |2\n   text',
      '\nname: demo\ndescription: d\nallowed-tools:\n- Read',
      '\n? name\n: demo',
    ]) {
      expect(fastFrontmatterYaml(input), input).toBeUndefined();
    }
  });
});
