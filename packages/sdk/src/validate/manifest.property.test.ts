import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkManifestText } from './manifest-file.js';

const dir = '/skills/gmail';
const file = `${dir}/manifest.json`;
const doc = {
  file: `${dir}/SKILL.md`,
  dir,
  name: 'gmail',
  description: 'Gmail.',
  frontmatter: { name: 'gmail' },
  keyLines: {},
  body: '',
  bodyLine: 4,
};

/** Valid, or at least one error; never an exception; every problem names the file. */
function assertAnswer(text: string) {
  const r = checkManifestText(text, { dir, file, doc, packageJson: { version: '1.0.0', raw: {} } });
  for (const p of r.problems) {
    expect([file, `${dir}/package.json`]).toContain(p.file);
    expect(p.message).not.toContain('\n');
    if (p.line !== undefined) expect(p.line).toBeGreaterThanOrEqual(1);
  }
  const errors = r.problems.filter((p) => p.severity === 'error');
  if (r.manifest) expect(r.manifest.manifestVersion).toBe(1);
  else expect(errors.length).toBeGreaterThan(0);
  if (r.entry !== undefined) expect(r.entry.startsWith(`${dir}/`)).toBe(true);
}

const name = fc.oneof(
  fc.constant('gmail'),
  fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  fc.string(),
);
const toolName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]*$/).map((t) => `gmail.${t}`),
  fc.string(),
  fc.constantFrom('gmail..list', 'gmail.list.all', '.list', 'gmail.', 'mail.list', 'gmail.list'),
);
const tool = fc.record(
  {
    name: toolName,
    description: fc.oneof(fc.string({ minLength: 1 }), fc.jsonValue()),
    inputSchema: fc.oneof(fc.constant({ type: 'object' }), fc.jsonValue()),
    auth: fc.record(
      { provider: fc.oneof(fc.constant('google'), fc.string()), scopes: fc.array(fc.string()) },
      { requiredKeys: [] },
    ),
    approval: fc.constantFrom('auto', 'required', 'sometimes'),
    timeoutMs: fc.oneof(fc.integer(), fc.double()),
  },
  { requiredKeys: [] },
);
const manifestLike = fc.record(
  {
    manifestVersion: fc.oneof(fc.constant(1), fc.jsonValue()),
    name,
    version: fc.oneof(fc.constant('1.0.0'), fc.string()),
    description: fc.string(),
    host: fc.oneof(fc.constantFrom('^1', '>=1 <3', '1.x'), fc.string()),
    entry: fc.oneof(
      fc.constantFrom('./dist/index.js', '../x.js', '/abs.js', 'a/../../b.js', '.', './'),
      fc.string(),
    ),
    auth: fc.oneof(
      fc.constant({ google: { type: 'oauth2', provider: 'google' } }),
      fc.dictionary(fc.string(), fc.jsonValue()),
    ),
    tools: fc.oneof(fc.array(tool, { maxLength: 4 }), fc.jsonValue()),
    extra: fc.jsonValue(),
  },
  { requiredKeys: ['manifestVersion', 'name'] },
);

describe('manifest validation on arbitrary input', () => {
  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => assertAnswer(JSON.stringify(v) ?? 'null')),
      { numRuns: 500 },
    );
  });

  it('never throws on manifest-shaped objects and finds valid ones', () => {
    let valid = 0;
    fc.assert(
      fc.property(manifestLike, (m) => {
        const r = checkManifestText(JSON.stringify(m, null, 2), { dir, file, doc });
        if (r.manifest) valid++;
        assertAnswer(JSON.stringify(m, null, 2));
      }),
      { numRuns: 500 },
    );
    // The generator must reach the valid side too, or the property proves little.
    expect(valid).toBeGreaterThan(0);
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => assertAnswer(text)),
      { numRuns: 500 },
    );
  });
});
