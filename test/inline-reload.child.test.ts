// Inline live reload in a real Node process (vitest's module runner does not go through
// Node's resolve hooks): a rebuilt module that the entry imports is picked up on the next
// call, and past the reload bound the code loaded last keeps serving, with a warning.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '..');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-inline-reload-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

// Runs in the child: the built host (pnpm build), a skill whose entry imports ./lib.js.
const script = (root: string, maxInlineReloads: number) => `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSkillHost } from '@openclaw/skill-host';
const root = ${JSON.stringify(root)};
const dir = join(root, 'ws', 'skills', 'calc');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'SKILL.md'), '---\\nname: calc\\ndescription: Answers.\\n---\\n');
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'calc', version: '1.0.0', type: 'module', exports: './index.js' }));
writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ manifestVersion: 1, name: 'calc', entry: 'index.js',
  tools: [{ name: 'calc.answer', description: 'a', inputSchema: { type: 'object' } }] }));
writeFileSync(join(dir, 'index.js'), "import { value } from './lib.js';\\nexport default { createTools() { return { 'calc.answer': async () => value }; } };\\n");
const lib = (v) => writeFileSync(join(dir, 'lib.js'), 'export const value = ' + JSON.stringify(v) + ';\\n');
lib('one');
const host = await createSkillHost({ workspace: join(root, 'ws'), home: join(root, 'home'), userHome: join(root, 'user'),
  env: { OPENCLAW_SKILLS_LOG_LEVEL: 'warn' }, hostTools: false, config: { runner: 'inline' }, maxInlineReloads: ${maxInlineReloads} });
const answer = async () => { const r = await host.call({ name: 'calc.answer', input: {} }); return r.isError ? r.code + ': ' + r.message : r.text; };
const seen = [await answer()];
for (const v of ['two!', 'three']) { lib(v); await host.rescan(); seen.push(await answer()); }
console.log(JSON.stringify(seen));
await host.close();
`;

const runChild = async (name: string, maxInlineReloads: number) => {
  const { stdout, stderr } = await exec(
    process.execPath,
    ['--input-type=module', '-e', script(join(tmp, name), maxInlineReloads)],
    { cwd: repo },
  );
  return { seen: JSON.parse(stdout.trim()) as string[], stderr };
};

describe('inline live reload in a real process', () => {
  it('a rebuilt module imported by the entry is reloaded with it: each call after a rescan runs the new code', async () => {
    const { seen } = await runChild('free', 100);
    expect(seen).toEqual(['one', 'two!', 'three']);
  });

  it('past maxInlineReloads the code loaded last keeps serving, and the host warns', async () => {
    const { seen, stderr } = await runChild('bounded', 1);
    expect(seen).toEqual(['one', 'two!', 'two!']);
    expect(stderr).toContain(
      'Skill \\"calc\\" changed but was reloaded 1 times in this process already',
    );
  });
});
