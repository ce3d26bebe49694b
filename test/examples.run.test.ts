// `pnpm example:anthropic` and `pnpm example:openai` without API keys: the agent loop against
// the scripted model and a local Open-Meteo, printing the conversation, exit 0.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '..');
const exec = promisify(execFile);
let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'examples-home-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe('the agent-loop examples, offline', () => {
  for (const provider of ['anthropic', 'openai'] as const) {
    it(`${provider}: prints the question, the weather call, its result and the answer`, async () => {
      const { stdout, stderr } = await exec(
        process.execPath,
        ['--import', 'tsx', 'examples/run-agent.ts', provider],
        { cwd: repo, env: { PATH: process.env.PATH, HOME: home } },
      );
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(
        new RegExp(
          `^${provider}: no .*_API_KEY, so a scripted model at http://127\\.0\\.0\\.1:\\d+`,
        ),
      );
      expect(lines.slice(1)).toEqual([
        'user: What is the weather in Lisbon right now?',
        'assistant: Let me check.',
        '  → weather.current {"location":"Lisbon"}',
        expect.stringMatching(
          /^ {2}← weather\.current: <<<UNTRUSTED_DATA [0-9a-f]{16} source=weather\.current>>> \{"place":"Lisbon, Portugal",.*"temperature":"17 °C"/,
        ),
        'assistant: In Lisbon, Portugal it is 17 °C, partly cloudy, wind 12.4 km/h.',
        '(done after 2 model turns)',
      ]);
      expect(stderr).toBe('');
    });
  }
});
