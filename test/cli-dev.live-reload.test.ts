// `openclaw-skill dev <dir>` as a user runs it (the built bin in a child process): it serves
// the folder, prints one line per reload after an edit, and stops cleanly on Ctrl-C.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCodeSkill } from '../packages/host/src/testing/skill-folders.js';

// The command users run: package.json's bin (the bundle `pnpm build` writes).
const cliDir = resolve(import.meta.dirname, '..', 'packages', 'cli');
const bin = join(
  cliDir,
  (
    JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    }
  ).bin['openclaw-skill']!,
);
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-dev-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('openclaw-skill dev', () => {
  it('prints serving, watching, then one reload line per edit (new description and tools), and exits 0 on SIGINT', async () => {
    const dir = await writeCodeSkill(tmp, 'calc', { tools: ['add'], description: 'Adds.' });
    const child = spawn(process.execPath, [bin, 'dev', dir, '--home', join(tmp, 'home')], {
      env: { PATH: process.env.PATH ?? '', HOME: join(tmp, 'user') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let wanted: { re: RegExp; resolve: () => void } | undefined;
    const waitFor = (re: RegExp) =>
      new Promise<void>((resolve) => {
        if (lines.some((l) => re.test(l))) return resolve();
        wanted = { re, resolve };
      });
    let buf = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        lines.push(buf.slice(0, i));
        buf = buf.slice(i + 1);
        if (wanted?.re.test(lines.at(-1)!)) wanted.resolve();
      }
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));

    await waitFor(/^watching for changes/);
    await writeCodeSkill(tmp, 'calc', {
      tools: ['add', 'sub'],
      description: 'Adds and subtracts.',
    });
    await waitFor(/^reloaded calc@1\.0\.0 ready, 2 tools \(calc\.add, calc\.sub\)/);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(lines[0]).toBe('serving calc@1.0.0 ready, 1 tool (calc.add)');
    expect(lines[1]).toBe('watching for changes (Ctrl-C to stop)');
    expect(lines.slice(2).every((l) => l.startsWith('reloaded calc@1.0.0 '))).toBe(true);
  });
});
