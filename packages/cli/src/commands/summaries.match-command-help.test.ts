// Each command says what it does once: the summary in its registry entry. The built CLI,
// run as a user runs it (a fresh node process, HOME in a temp dir), shows that summary in the
// command list of `openclaw-skill --help` and as the first paragraph of `<command> --help`.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from './index.js';

const exec = promisify(execFile);
const bin = resolve(import.meta.dirname, '../../dist/bundle/openclaw-skill.cjs');
let home: string;
let rootHelp: string;

async function help(args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH, HOME: home },
    cwd: home,
  });
  return stdout;
}

const oneLine = (lines: string[]) => lines.map((l) => l.trim()).join(' ');

/** The Commands section of a help text, as name → description with wrapped lines joined. */
function commandList(text: string): Map<string, string> {
  const lines = text.split('\n');
  const start = lines.indexOf('Commands:');
  const list = new Map<string, string>();
  let current: { name: string; lines: string[] } | undefined;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    const entry = /^ {2}(\S+)(?: [^ ].*?)?\s{2,}(\S.*)$/.exec(line);
    if (entry) {
      current = { name: entry[1]!, lines: [entry[2]!] };
      list.set(current.name, '');
    } else current?.lines.push(line);
    if (current) list.set(current.name, oneLine(current.lines));
  }
  return list;
}

/** The paragraph under the Usage line of a command's help, wrapped lines joined. */
function firstParagraph(text: string): string {
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^Usage: openclaw-skill /);
  expect(lines[1]).toBe('');
  const end = lines.indexOf('', 2);
  return oneLine(lines.slice(2, end));
}

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-summaries-'));
  rootHelp = await help(['--help']);
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe('command summaries', () => {
  it('openclaw-skill --help lists every registered command with its registry summary, in order', () => {
    const listed = commandList(rootHelp);
    listed.delete('help');
    expect([...listed]).toEqual(COMMANDS.map((c) => [c.name, c.summary]));
  });

  it.each(COMMANDS.map((c) => [c.name]))(
    'openclaw-skill %s --help opens with the summary openclaw-skill --help lists for it',
    async (name) => {
      const listed = commandList(rootHelp).get(name);
      expect(listed).toBeTruthy();
      expect(firstParagraph(await help([name, '--help']))).toBe(listed);
    },
  );

  it('a help body stays out of the command list: link --help says more than its summary', async () => {
    const text = await help(['link', '--help']);
    const summary = COMMANDS.find((c) => c.name === 'link')!.summary;
    expect(firstParagraph(text)).toBe(summary);
    expect(text).toMatch(/--write merges that entry/);
    expect(rootHelp).not.toMatch(/--write merges that entry/);
  });
});
