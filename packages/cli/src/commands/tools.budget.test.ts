// `openclaw-skill tools --budget --query` through the real CLI entry, on this repository's
// skills (weather, gmail) with a temp --home and HOME: the list one turn gets, with the
// tools kept and deferred, as text and as JSON.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

const repo = resolve(import.meta.dirname, '..', '..', '..', '..');
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-budget-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const cli = async (...args: string[]) => {
  const io = memoryIo({ cwd: repo, env: { PATH: '/nonexistent', HOME: join(root, 'user') } });
  const code = await run([...args, '--workspace', repo, '--home', join(root, 'home')], io);
  return { code, out: io.out, err: io.err };
};

describe('openclaw-skill tools --budget', () => {
  it('prints the tokens sent against the budget, then each tool kept and deferred with why', async () => {
    const { code, out } = await cli('tools', '--budget', '400', '--query', 'weather forecast');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^anthropic format, estimate tokens: \d+ of 400 sent \(all tools: \d+\); \d+ kept, \d+ deferred \(found through tool_search_tool_bm25\)\.\n/,
    );
    expect(out).toMatch(/^ {2}kept {6}weather\.forecast +\d+ {2}ranked$/m);
    expect(out).toMatch(/^ {2}deferred {2}gmail\.send +\d+ {2}over the 400-token budget \(ranked/m);
  });

  it('--json prints the report and the list, within the budget, with tools_search for OpenAI', async () => {
    const { code, out } = await cli(
      'tools',
      '--budget',
      '400',
      '--query',
      'weather',
      '--format',
      'openai',
      '--json',
    );
    expect(code).toBe(0);
    const { report, tools } = JSON.parse(out) as {
      report: { tokens: number; tokenizer: string; search: string };
      tools: { function: { name: string } }[];
    };
    expect(report).toMatchObject({ tokenizer: 'o200k', search: 'tools_search' });
    expect(report.tokens).toBeLessThanOrEqual(400);
    expect(tools.map((t) => t.function.name)).toContain('tools_search');
  });

  it('refuses a budget that is not a positive whole number, naming --budget', async () => {
    const { code, err } = await cli('tools', '--budget', 'lots');
    expect(code).toBe(2);
    expect(err).toContain('--budget must be a positive whole number of tokens, got "lots"');
  });
});
