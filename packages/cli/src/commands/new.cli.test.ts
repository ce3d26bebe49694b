// `openclaw-skill new` runs the create-openclaw-skill program: same files, same refusals.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { scaffolderArgs } from './new.js';

let cwd: string;
beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'oc-new-'));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

const io = () => memoryIo({ cwd, env: { PATH: process.env.PATH, HOME: cwd, CI: 'true' } });

describe('openclaw-skill new', () => {
  it('creates a docs skill with the scaffolder and prints { name, dir, template } with --json', async () => {
    const out = io();
    const code = await run(
      [
        'new',
        'notes-skill',
        '--template',
        'docs',
        '--skip-install',
        '--no-git',
        '--registry-deps',
        '--json',
      ],
      out,
    );
    expect(code, out.err).toBe(0);
    expect(JSON.parse(out.out)).toEqual({
      name: 'notes-skill',
      dir: join(cwd, 'notes-skill'),
      template: 'docs',
    });
    expect(await readFile(join(cwd, 'notes-skill', 'SKILL.md'), 'utf8')).toContain(
      'name: notes-skill',
    );
    expect(out.err).toContain('Created notes-skill from the "docs" template');
  });

  it("refuses a bad name with the scaffolder's one line and exit 1, creating nothing", async () => {
    const before = await readdir(cwd);
    const out = io();
    expect(await run(['new', 'Bad_Name', '--yes', '--skip-install'], out)).toBe(1);
    expect(out.err.trimEnd().split('\n')).toEqual([
      expect.stringContaining('Invalid skill name "Bad_Name": npm package names:'),
    ]);
    expect(await readdir(cwd)).toEqual(before);
    expect(existsSync(join(cwd, 'Bad_Name'))).toBe(false);
  });

  it('with --json, reports a refusal as the scaffolder coded it: one error object on stdout, one line on stderr, exit 1', async () => {
    const out = io();
    expect(await run(['new', 'Bad_Name', '--skip-install', '--json'], out)).toBe(1);
    expect(JSON.parse(out.out)).toEqual({
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining('Invalid skill name "Bad_Name": npm package names:'),
      },
    });
    expect(out.err).toBe(`openclaw-skill: ${JSON.parse(out.out).error.message}\n`);
    expect(existsSync(join(cwd, 'Bad_Name'))).toBe(false);
  });

  it('refuses an unknown --template or --pm as bad usage (exit 2), listing the choices, before the scaffolder runs', async () => {
    const before = await readdir(cwd);
    const template = io();
    expect(await run(['new', 'x-skill', '--template', 'nope'], template)).toBe(2);
    expect(template.err).toContain(
      "argument 'nope' is invalid. Allowed choices are tool, oauth, docs.",
    );
    const pm = io();
    expect(await run(['new', 'x-skill', '--pm', 'bun', '--json'], pm)).toBe(2);
    expect(JSON.parse(pm.out)).toMatchObject({
      error: {
        code: 'USAGE',
        message: expect.stringContaining('Allowed choices are npm, pnpm, yarn'),
      },
    });
    expect(await readdir(cwd)).toEqual(before);
  });

  it('lists the --template and --pm choices in its --help', async () => {
    const out = io();
    expect(await run(['new', '--help'], out)).toBe(0);
    expect(out.out).toMatch(/choices: "tool",\s+"oauth", "docs"/);
    expect(out.out).toMatch(/choices: "npm", "pnpm", "yarn"/);
  });

  it('without a name and no terminal, names `openclaw-skill new <name>` and exits 2', async () => {
    const out = io();
    expect(await run(['new', '--skip-install'], out)).toBe(2);
    expect(out.err).toBe(
      'openclaw-skill: Missing the skill name: openclaw-skill new <name> (no terminal to ask on).\n',
    );
  });

  it('passes each option as its own argument, so no value is ever parsed twice', () => {
    expect(
      scaffolderArgs('x', {
        template: 'oauth',
        description: '--yes $(id)',
        pm: 'pnpm',
        skipInstall: true,
        git: false,
      }),
    ).toEqual([
      'x',
      '--template',
      'oauth',
      '--description',
      '--yes $(id)',
      '--pm',
      'pnpm',
      '--skip-install',
      '--no-git',
    ]);
  });
});
