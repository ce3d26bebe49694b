// Differential tests against the reference implementation: `skills-ref` (the npm port of the
// Agent Skills reference library). On generated SKILL.md folders, spec validation (strict
// with agents' own keys counted as errors, `validate --spec`) must give the same verdict as skills-ref's validate(), and the `agentskills` prompt format
// must equal its toPrompt() output, except where we differ on purpose.
//
// Deliberate differences (docs/differences-from-skills-ref.md says why):
//   D1 `<` or `>` in name or description: we refuse (the prompt block is XML); skills-ref passes.
//   D2 letters in names: we accept every Unicode letter and digit (\p{L}\p{N}, like Python's
//      isalnum, which the Python reference uses); the npm port accepts only Latin, Cyrillic and
//      CJK letters and ASCII digits (and the signs × and ÷ inside its Latin range).
//   D3 normalisation: we compare names in NFC; the npm port in NFKC (so "ﬁ" and "fi" differ
//      for us). Lengths: we count code points; the npm port counts UTF-16 units.
//   D4 types: license, allowed-tools and metadata values must be strings for us; the npm
//      port accepts any type (its parser turns metadata values into strings). An empty
//      license or compatibility string fails for us and passes there.
//   D5 the prompt: the apostrophe is `&#x27;` for us (Python's html.escape, as the Python
//      reference writes it), `&#39;` in the npm port; skills are sorted by name; no skill
//      gives no block at all (skills-ref prints an empty element).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { readSkillMd, validateSkill } from '@openclaw/skill-sdk';
import { toPrompt, validate as refValidate } from 'skills-ref';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPrompt } from '../packages/host/src/prompt/render.js';
import { skillRecord, snapshotOf, testSource } from '../packages/host/src/testing/records.js';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));
async function writeSkill(folder: string, frontmatter: Record<string, unknown>, root?: string) {
  const r = root ?? (await mkdtemp(join(tmpdir(), 'oc-skills-ref-')));
  if (!root) roots.push(r);
  const dir = join(r, folder);
  await mkdir(dir, { recursive: true });
  // Every value as JSON, which YAML reads the same way in both parsers.
  const lines = Object.entries(frontmatter).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  await writeFile(join(dir, 'SKILL.md'), `---\n${lines.join('\n')}\n---\n\n# ${folder}\n`);
  return dir;
}

// The npm port's letter test (validator.js isLetter), for D2.
const refLetter = (c: string) => {
  const n = c.codePointAt(0)!;
  return (
    (n >= 97 && n <= 122) ||
    (n >= 65 && n <= 90) ||
    (n >= 48 && n <= 57) ||
    (n >= 0x400 && n <= 0x4ff) ||
    (n >= 0x4e00 && n <= 0x9fff) ||
    (n >= 0x3400 && n <= 0x4dbf) ||
    (n >= 0x300 && n <= 0x36f) ||
    (n >= 0xc0 && n <= 0x24f)
  );
};
const ourLetter = (c: string) => /^[\p{L}\p{N}]$/u.test(c);

/** Which deliberate difference applies to this folder, if any. */
function knownDifference(fm: Record<string, unknown>, folder: string): string | undefined {
  const name = typeof fm.name === 'string' ? fm.name : undefined;
  const description = typeof fm.description === 'string' ? fm.description : undefined;
  if (/[<>]/.test(name ?? '') || /[<>]/.test(description ?? '')) return 'D1';
  if (name !== undefined) {
    const chars = [...name.trim()].filter((c) => c !== '-');
    if (chars.some((c) => refLetter(c) !== ourLetter(c))) return 'D2';
    const t = name.trim();
    if (
      t.normalize('NFC') !== t.normalize('NFKC') ||
      folder.normalize('NFC') !== folder.normalize('NFKC')
    )
      return 'D3';
    if (
      [...t].length !== t.length ||
      [...(description ?? '')].length !== (description ?? '').length
    )
      return 'D3';
  }
  if ('license' in fm && typeof fm.license !== 'string') return 'D4';
  if ('allowed-tools' in fm && typeof fm['allowed-tools'] !== 'string') return 'D4';
  if (fm.compatibility === '' || (typeof fm.license === 'string' && fm.license.trim() === ''))
    return 'D4';
  if (typeof fm.metadata === 'object' && fm.metadata !== null) {
    if (Object.values(fm.metadata).some((v) => typeof v !== 'string')) return 'D4';
  }
  return undefined;
}

const nameChars = fc.constantFrom(
  ...'abcxyz019-'.split(''),
  'A',
  'Z',
  'é',
  'ß',
  'ж',
  '中',
  'λ',
  'ω',
  '²',
  '٣',
  'ﬁ',
  '×',
  '_',
  '.',
  ' ',
  '<',
  '😀',
);
const nameArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('pdf-tools', 'notes', 'a', 'x-1', 'data2csv') },
  {
    weight: 3,
    arbitrary: fc.array(nameChars, { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '-lead',
      'trail-',
      'two--hyphens',
      'a'.repeat(64),
      'a'.repeat(65),
    ),
  },
);
const descriptionArb = fc.oneof(
  fc.constantFrom(
    'Does things. Use when asked.',
    'Use when: quoted colon',
    'x'.repeat(1024),
    'x'.repeat(1025),
    '   ',
  ),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('has <tag>', 'emoji 😀 here', 'a & b "quoted" \'single\''),
);
const rare = <A, B>(common: fc.Arbitrary<A>, seldom: fc.Arbitrary<B>) =>
  fc.oneof({ arbitrary: common, weight: 12 }, { arbitrary: seldom, weight: 1 });
const frontmatterArb = fc.record(
  {
    name: nameArb,
    description: descriptionArb,
    // Values that trigger a documented difference are rare, so most cases are compared.
    license: rare(fc.constant('MIT'), fc.constantFrom('', 3)),
    compatibility: rare(fc.constantFrom('Requires git', 'c'.repeat(501)), fc.constantFrom('', 7)),
    metadata: rare(
      fc.dictionary(fc.constantFrom('author', 'version'), fc.string({ maxLength: 8 })),
      fc.dictionary(fc.constantFrom('author', 'version'), fc.oneof(fc.integer(), fc.boolean())),
    ),
    'allowed-tools': rare(fc.constant('Bash(git:*) Read'), fc.constant(['Read'])),
    homepage: fc.constant('https://example.org'),
  },
  { requiredKeys: [] },
);

describe('spec validation agrees with skills-ref validate()', () => {
  it('gives the same verdict on generated folders unless a documented difference applies', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(frontmatterArb, fc.boolean(), async (fm, sameFolder) => {
        const folder =
          sameFolder && typeof fm.name === 'string' && /^[a-z0-9-]{1,64}$/.test(fm.name)
            ? fm.name
            : 'some-folder';
        const dir = await writeSkill(folder, fm);
        const ours = await validateSkill(dir, { spec: true });
        const theirs = await refValidate(dir);
        const diff = knownDifference(fm, folder);
        if (diff === undefined) {
          compared++;
          expect(
            { ok: ours.ok, fm, folder },
            `ours: ${ours.problems.map((p) => p.code).join()} / skills-ref: ${theirs.join('; ')}`,
          ).toEqual({ ok: theirs.length === 0, fm, folder });
        }
      }),
      { numRuns: 300, seed: 4242 },
    );
    // Most generated cases fall outside the documented differences: the test compares.
    expect(compared).toBeGreaterThan(100);
  });

  it('pins each documented difference with one example', async () => {
    const verdicts = async (folder: string, fm: Record<string, unknown>) => {
      const dir = await writeSkill(folder, fm);
      return [(await validateSkill(dir, { spec: true })).ok, (await refValidate(dir)).length === 0];
    };
    expect(await verdicts('tags', { name: 'tags', description: 'Use <b>' })).toEqual([false, true]);
    expect(await verdicts('λόγος', { name: 'λόγος', description: 'Greek' })).toEqual([true, false]);
    expect(await verdicts('file', { name: 'ﬁle', description: 'ligature' })).toEqual([false, true]);
    expect(await verdicts('meta', { name: 'meta', description: 'd', metadata: { v: 1 } })).toEqual([
      false,
      true,
    ]);
    expect(await verdicts('lic', { name: 'lic', description: 'd', license: 3 })).toEqual([
      false,
      true,
    ]);
    expect(await verdicts('comp', { name: 'comp', description: 'd', compatibility: '' })).toEqual([
      false,
      true,
    ]);
  });
});

describe('the agentskills prompt format agrees with skills-ref toPrompt()', () => {
  const skillArb = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,4}){0,2}$/),
    description: fc
      .array(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('&', '<', '>', '"', 'x y', ': ')),
        {
          minLength: 1,
          maxLength: 8,
        },
      )
      .map((a) => a.join('').trim())
      .filter((d) => d !== '' && !d.includes("'")),
  });

  it('renders generated catalogs byte for byte like toPrompt() on the same folders, sorted by name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(skillArb, { minLength: 1, maxLength: 5, selector: (s) => s.name }),
        async (skills) => {
          const root = await mkdtemp(join(tmpdir(), 'oc-skills-ref-prompt-'));
          roots.push(root);
          const dirs = await Promise.all(
            skills.map((s) =>
              writeSkill(s.name, { name: s.name, description: s.description }, root),
            ),
          );
          const records = await Promise.all(
            dirs.map(async (dir) => {
              const { doc } = await readSkillMd(join(dir, 'SKILL.md'));
              return skillRecord({
                name: doc!.name,
                description: doc!.description,
                dir,
                location: doc!.file,
                doc: doc!,
                source: testSource({ dir: root }),
              });
            }),
          );
          const ours = renderPrompt(snapshotOf(records), {
            format: 'agentskills',
            userHome: '/nowhere',
          });
          const sorted = [...dirs].sort((a, b) => (a < b ? -1 : 1));
          expect(ours.text).toBe(await toPrompt(sorted));
        },
      ),
      { numRuns: 60, seed: 1130 },
    );
  });

  it('differs only in the apostrophe entity (D5): &#x27; for us, &#39; in the npm port', async () => {
    const root = await mkdtemp(join(tmpdir(), 'oc-skills-ref-prompt-'));
    roots.push(root);
    const dir = await writeSkill('apos', { name: 'apos', description: "it's" }, root);
    const { doc } = await readSkillMd(join(dir, 'SKILL.md'));
    const rec = skillRecord({
      name: 'apos',
      description: doc!.description,
      dir,
      location: doc!.file,
      doc: doc!,
      source: testSource({ dir: root }),
    });
    const ours = renderPrompt(snapshotOf([rec]), { format: 'agentskills', userHome: '/nowhere' });
    const theirs = await toPrompt([dir]);
    expect(ours.text).toBe(theirs.replace('it&#39;s', 'it&#x27;s'));
    expect(ours.text).toContain('it&#x27;s');
  });
});
