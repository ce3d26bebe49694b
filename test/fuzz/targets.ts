// What `pnpm fuzz` throws inputs at: the SKILL.md reader, manifest.json checks, the host
// config check and the router's result shaping with redaction. Each target turns one
// generated input into one call; "expected" failures (a SkillError the function documents)
// are answers, anything else thrown is a finding.
import fc from 'fast-check';
import { isSkillError, parseJsonText, parseSkillMd } from '@openclaw/skill-sdk';
import { checkManifestText } from '../../packages/sdk/src/validate/manifest-file.js';
import { validateHostConfig } from '../../packages/host/src/config/load.js';
import { createRedactor } from '../../packages/host/src/redact/index.js';
import { shapeResult } from '../../packages/host/src/router/shape.js';

export interface Target<T = unknown> {
  name: string;
  arbitrary: fc.Arbitrary<T>;
  run(input: T): void;
}

// Pieces YAML and gray-matter treat specially, to reach their less-trodden paths.
const YAML_BITS = [
  '---',
  '...',
  '--- ',
  '----',
  '---js',
  ': ',
  ':',
  '- ',
  '? ',
  '#',
  ' #',
  '&a ',
  '*a',
  '!!binary ',
  '!!timestamp ',
  '!x ',
  '|',
  '>-',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  "'",
  '\\',
  '\t',
  '\r',
  '\r\n',
  '\n',
  '\uFEFF',
  '%YAML 1.1',
  '<<: ',
  'null',
  '~',
  '010',
  '0x1F',
  '.inf',
  '2026-01-02',
  '__proto__',
  'constructor',
  'name',
  'description',
  'metadata',
  'openclaw',
  'requires',
  '{"openclaw":{',
];
const bits = fc.constantFrom(...YAML_BITS);
/** A piece repeated up to 3,000 times: long runs are what made parsers slow. */
const run = fc
  .tuple(fc.oneof(bits, fc.string({ maxLength: 3 })), fc.nat({ max: 3000 }))
  .map(([s, n]) => s.repeat(n));
const chunk = fc.oneof(
  { weight: 4, arbitrary: bits },
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: run },
);
const line = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('name', 'description', 'metadata', 'license', 'allowed-tools', 'x'),
      fc.array(chunk, { maxLength: 6 }),
    )
    .map(([k, v]) => `${k}: ${v.join('')}`),
  fc.array(chunk, { maxLength: 6 }).map((c) => c.join('')),
  fc.jsonValue({ maxDepth: 4 }).map((v) => `metadata: ${JSON.stringify({ openclaw: v })}`),
);

export const skillMdText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc
    .tuple(fc.array(line, { maxLength: 12 }), fc.string({ maxLength: 40 }), fc.boolean())
    .map(([lines, body, crlf]) => {
      const t = `---\n${lines.join('\n')}\n---\n${body}`;
      return crlf ? t.replace(/\n/g, '\r\n') : t;
    }),
);

const toolArb = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      name: fc.oneof(
        fc.constantFrom('gmail.list', 'gmail.', 'x.y.z', 'gmail.List', ''),
        fc.string(),
      ),
      description: fc.string(),
      inputSchema: fc.oneof(fc.constant({ type: 'object' }), fc.jsonValue({ maxDepth: 3 })),
      auth: fc.record(
        { provider: fc.string(), scopes: fc.array(fc.string()) },
        { requiredKeys: [] },
      ),
      timeoutMs: fc.oneof(fc.integer(), fc.double()),
    },
    { requiredKeys: [] },
  ),
);
const manifestArb = fc.record(
  {
    manifestVersion: fc.oneof(fc.constant(1), fc.jsonValue({ maxDepth: 1 })),
    name: fc.oneof(fc.constant('gmail'), fc.string()),
    version: fc.oneof(fc.constant('1.0.0'), fc.string()),
    host: fc.oneof(fc.constant('^1'), fc.string()),
    entry: fc.oneof(fc.constantFrom('dist/index.js', '../x.js', '/abs.js', './', ''), fc.string()),
    tools: fc.array(toolArb, { maxLength: 20 }),
    auth: fc.dictionary(
      fc.string({ maxLength: 8 }),
      fc.oneof(
        fc.constant({}),
        fc.constant({ type: 'oauth2', provider: 'google' }),
        fc.constant({ type: 'apiKey', env: 'KEY' }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      { maxKeys: 30 },
    ),
    config: fc.jsonValue({ maxDepth: 4 }),
    permissions: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
);
export const manifestText: fc.Arbitrary<string> = fc.oneof(
  manifestArb.map((m) => JSON.stringify(m)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.tuple(manifestArb, fc.nat(), fc.array(chunk, { maxLength: 3 })).map(([m, at, ins]) => {
    const t = JSON.stringify(m);
    const i = at % (t.length + 1);
    return t.slice(0, i) + ins.join('') + t.slice(i);
  }),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const configArb = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      sources: fc.array(fc.string()),
      runner: fc.constantFrom('inline', 'worker', 'sandbox', 'x'),
      skills: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })),
      policy: fc.jsonValue({ maxDepth: 3 }),
      approvals: fc.record(
        { timeoutMs: fc.oneof(fc.integer(), fc.double()) },
        { requiredKeys: [] },
      ),
      auth: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  ),
);
export const configText: fc.Arbitrary<string> = fc.oneof(
  configArb.map((c) => JSON.stringify(c)),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const secretish = fc.constantFrom(
  'sk-',
  'ghp_',
  'github_pat_',
  'xoxb-',
  'AKIA',
  'eyJ',
  'Bearer ',
  'Authorization: ',
  'password=',
  '-----BEGIN PRIVATE KEY-----',
  '-----END PRIVATE KEY-----',
  'postgres://u:p@h/db',
  'npm_',
  'hf_',
  'glpat-',
  'api-key',
  'known-secret-value',
);
const resultText = fc
  .array(fc.oneof(secretish, chunk, fc.base64String({ maxLength: 60 })), { maxLength: 30 })
  .map((a) => a.join(''));
export const toolResult = fc.record({
  value: fc.oneof(
    resultText,
    fc.jsonValue({ maxDepth: 5 }),
    fc.dictionary(fc.string(), resultText),
  ),
  maxChars: fc.oneof(fc.constant(20_000), fc.nat({ max: 500 })),
  known: fc.array(fc.oneof(fc.constant('known-secret-value'), fc.string()), { maxLength: 3 }),
});

const configOnly = (text: string) => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return;
  try {
    validateHostConfig(parsed.value, '/fuzz/config.json');
  } catch (e) {
    // The documented answer to a bad config; anything else is a finding.
    if (!(isSkillError(e) && e.code === 'CONFIG_INVALID')) throw e;
  }
};

/** Erases a target's input type for the list (each arbitrary feeds its own run). */
const target = <T>(t: Target<T>): Target<unknown> => t as Target<unknown>;

export const TARGETS: Target<unknown>[] = [
  target({
    name: 'skill-md',
    arbitrary: skillMdText,
    run: (text: string) => {
      parseSkillMd(text, { file: '/fuzz/demo/SKILL.md' });
      parseSkillMd(text, { file: '/fuzz/demo/SKILL.md', mode: 'strict' });
    },
  }),
  target({
    name: 'manifest',
    arbitrary: manifestText,
    run: (text: string) => {
      checkManifestText(text, { dir: '/fuzz/gmail', file: '/fuzz/gmail/manifest.json' });
    },
  }),
  target({ name: 'host-config', arbitrary: configText, run: configOnly }),
  target({
    name: 'tool-result',
    arbitrary: toolResult,
    run: ({ value, maxChars, known }: { value: unknown; maxChars: number; known: string[] }) => {
      shapeResult(value, maxChars, createRedactor(known));
    },
  }),
];
