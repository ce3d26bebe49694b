// With --json, a failing command prints exactly one `{ "error": { code, message, hint? } }` on
// stdout and keeps its one human line on stderr; the exit code is the same as without --json.
// Every command runs through the real program on a temp home and workspace.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, memoryIo } from './io.js';
import { run } from './program.js';

let root: string;
let home: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-json-errors-'));
  home = join(root, 'home');
  await mkdir(home, { mode: 0o700 });
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function cli(argv: string[]) {
  const io = memoryIo({ cwd: root, env: { HOME: root } });
  const code = await run(['--home', home, ...argv], io);
  return { code, out: io.out, err: io.err };
}

describe('a failing command with --json', () => {
  it('remove of a skill that is not installed: SKILL_NOT_FOUND with its hint on stdout, the line on stderr, exit 1', async () => {
    const r = await cli(['remove', 'nosuch', '--json']);
    expect(r.code).toBe(EXIT.ERROR);
    expect(JSON.parse(r.out)).toEqual({
      error: {
        code: 'SKILL_NOT_FOUND',
        message: 'nosuch is not installed from npm in this home.',
        hint: expect.stringContaining('openclaw-skill list'),
      },
    });
    expect(r.err).toBe(
      `openclaw-skill: nosuch is not installed from npm in this home.\n  hint: ${JSON.parse(r.out).error.hint}\n`,
    );
  });

  it('call with --input that is not JSON: USAGE with no hint, exit 2', async () => {
    const r = await cli(['call', 'x', '--input', '{bad', '--json']);
    expect(r.code).toBe(EXIT.USAGE);
    const parsed = JSON.parse(r.out) as { error: Record<string, unknown> };
    expect(Object.keys(parsed)).toEqual(['error']);
    expect(parsed.error).toEqual({
      code: 'USAGE',
      message: expect.stringMatching(/^--input is not valid JSON: .*position 1\.$/),
    });
    expect(r.err).toBe(`openclaw-skill: ${parsed.error.message as string}\n`);
  });

  it('dev of a folder that does not exist: SKILL_NOT_FOUND, exit 1', async () => {
    const missing = join(root, 'nope');
    const r = await cli(['dev', missing, '--json']);
    expect(r.code).toBe(EXIT.ERROR);
    expect(JSON.parse(r.out)).toEqual({
      error: {
        code: 'SKILL_NOT_FOUND',
        message: `${missing} is not a folder; pass a skill folder (one holding SKILL.md).`,
      },
    });
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  });

  it("an unknown option (commander's parse error): USAGE on stdout, commander's own line on stderr, exit 2", async () => {
    const r = await cli(['list', '--bogus', '--json']);
    expect(r.code).toBe(EXIT.USAGE);
    expect(JSON.parse(r.out)).toEqual({
      error: {
        code: 'USAGE',
        message: "unknown option '--bogus'",
        hint: 'Run openclaw-skill --help (or openclaw-skill <command> --help) for usage.',
      },
    });
    expect(r.err).toContain("error: unknown option '--bogus'");
  });

  it('a command group without its subcommand: USAGE on stdout and the help on stderr, exit 2', async () => {
    const r = await cli(['auth', '--json']);
    expect(r.code).toBe(EXIT.USAGE);
    expect(JSON.parse(r.out)).toMatchObject({ error: { code: 'USAGE' } });
    expect(r.err).toContain('Usage: openclaw-skill auth');
  });

  it('after `--`, where options end, "--json" is not the flag', async () => {
    const r = await cli(['remove', '--', '--json']);
    expect(r.code).toBe(EXIT.ERROR);
    expect(r.out).toBe('');
  });

  it('a --workspace that does not exist (checked before any command runs): INVALID_INPUT, exit 1', async () => {
    const r = await cli(['list', '--workspace', join(root, 'no-ws'), '--json']);
    expect(r.code).toBe(EXIT.ERROR);
    expect(JSON.parse(r.out)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  });
});

describe('the same failures without --json', () => {
  it('print nothing on stdout and exit with the same codes', async () => {
    const results = await Promise.all([
      cli(['remove', 'nosuch']),
      cli(['call', 'x', '--input', '{bad']),
      cli(['dev', join(root, 'nope')]),
      cli(['list', '--bogus']),
    ]);
    expect(results.map((r) => [r.code, r.out])).toEqual([
      [EXIT.ERROR, ''],
      [EXIT.USAGE, ''],
      [EXIT.ERROR, ''],
      [EXIT.USAGE, ''],
    ]);
  });
});

describe('an --input that is not JSON and holds a secret', () => {
  it('is never quoted back, whole or as the window V8 cuts with "...", on stderr or in the JSON error', async () => {
    const secret = 'sk-live-4f9a1c2e7b3d';
    for (const input of [
      secret,
      `{"token":"${secret}" x}`,
      `{"a":${secret}}`,
      // Long enough that V8 quotes a window around the position, cut with "...".
      `{"pad":"${'p'.repeat(40)}", "key": ${secret}}`,
    ]) {
      const r = await cli(['call', 'x', '--input', input, '--json']);
      expect(r.code).toBe(EXIT.USAGE);
      expect(JSON.parse(r.out)).toMatchObject({ error: { code: 'USAGE' } });
      expect(r.out + r.err).not.toContain('4f9a1c2e7b3d');
      expect(r.out + r.err).not.toContain('sk-live');
    }
  });
});
