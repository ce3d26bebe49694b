// Clients that convert MCP input schemas to OpenAI strict mode (the OpenAI Agents SDK) refuse
// `oneOf`; gmail's schemas say the same with `anyOf` (the attachment forms are closed objects
// with different required keys, so at most one form ever matches).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as schemas from '../src/schemas.js';

const manifestFile = resolve(import.meta.dirname, '..', 'manifest.json');

describe('gmail input schemas for strict-mode clients', () => {
  it('no tool input schema in manifest.json or src/schemas.ts uses oneOf', async () => {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    const send = manifest.tools.find((t) => t.name === 'gmail.send')!;
    expect(JSON.stringify(send.inputSchema)).toContain('"anyOf"');
    for (const t of manifest.tools) expect(JSON.stringify(t.inputSchema)).not.toContain('"oneOf"');
    for (const s of Object.values(schemas)) expect(JSON.stringify(s)).not.toContain('"oneOf"');
  });
});
