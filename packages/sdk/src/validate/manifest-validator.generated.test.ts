// manifest-validator.generated.ts is ajv's standalone output for the manifest schema: the
// scan then neither loads ajv's compiler nor compiles (about 100 ms in a fresh process,
// against under 10 ms for the generated module). This test keeps it in step with
// schema.ts; after changing the schema, regenerate with
//   UPDATE_GENERATED=1 pnpm exec vitest run packages/sdk/src/validate/manifest-validator.generated
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { manifestSchema } from '../manifest/schema.js';
import { AJV_OPTIONS } from './manifest-validator.js';

const target = fileURLToPath(new URL('./manifest-validator.generated.ts', import.meta.url));

async function generate(): Promise<string> {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  addFormats.default(ajv);
  let code = standaloneCode.default(ajv, ajv.compile(manifestSchema));
  // ajv's ESM output still require()s its runtime helpers (CommonJS): give it a require.
  code = code.replace(/^"use strict";/, '');
  const header = code.includes('require(')
    ? [
        "import { createRequire } from 'node:module';",
        'const require = createRequire(import.meta.url);',
      ]
    : [];
  const source = [
    '/* eslint-disable */',
    '// @ts-nocheck',
    '// GENERATED from manifest/schema.ts by manifest-validator.generated.test.ts; do not edit.',
    ...header,
    code,
  ].join('\n');
  const config = await prettier.resolveConfig(target);
  return prettier.format(source, { ...config, filepath: target });
}

describe('generated manifest validator', () => {
  it('matches the manifest schema (regenerate with UPDATE_GENERATED=1)', async () => {
    const expected = await generate();
    if (process.env.UPDATE_GENERATED === '1') await writeFile(target, expected);
    const actual = await readFile(target, 'utf8').catch(() => '');
    expect(
      actual === expected,
      'manifest-validator.generated.ts is stale: run UPDATE_GENERATED=1 pnpm exec vitest run packages/sdk/src/validate/manifest-validator.generated',
    ).toBe(true);
  });

  it('gives the same verdicts and errors as ajv compiling the schema', async () => {
    const { validateManifest } = await import('./manifest-validator.js');
    const ajv = new Ajv(AJV_OPTIONS);
    addFormats.default(ajv);
    const compiled = ajv.compile(manifestSchema);
    const samples: unknown[] = [
      {
        manifestVersion: 1,
        name: 'gmail',
        tools: [{ name: 'gmail.list', description: 'd', inputSchema: { type: 'object' } }],
      },
      {
        manifestVersion: 2,
        name: 'Gmail',
        auth: { g: { type: 'oauth2' } },
        tools: [{ name: 'x' }],
        extra: true,
      },
      { manifestVersion: 1, name: 'a', description: 'x'.repeat(2000), author: 5 },
      [],
      null,
    ];
    for (const s of samples) {
      expect(validateManifest(s)).toBe(compiled(s));
      expect(validateManifest.errors ?? null).toEqual(compiled.errors ?? null);
    }
  });
});
