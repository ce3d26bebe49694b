// What the scaffolder refuses, through its real bin: each refusal is one line on stderr and a
// non-zero exit, and nothing is created. No shell ever sees the name: `$(touch marker)` as a
// name, template or description leaves no marker behind.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = resolve(
  import.meta.dirname,
  '../packages/create-openclaw-skill/bin/create-openclaw-skill.cjs',
);
let cwd: string;

beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'oc-scaffold-bad-'));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

function create(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [BIN, ...args, '--skip-install', '--no-git', '--registry-deps'],
      // No terminal and CI set: prompts are never shown.
      { cwd, env: { PATH: process.env.PATH, HOME: cwd, CI: 'true', ...env } },
      (err, stdout, stderr) =>
        done({ code: err ? Number(err.code) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

const oneLine = (s: string) => s.trimEnd().split('\n');

describe('create-openclaw-skill refuses', () => {
  it.each([
    ['My-Skill', 'npm package names: name can no longer contain capital letters'],
    ['a--b', 'skill names use lowercase letters, digits and single hyphens'],
    ['node_modules', 'npm package names: node_modules is not a valid package name'],
    ['x'.repeat(65), 'skill names are at most 64 characters'],
    ['$(touch marker)', 'npm package names: name can only contain URL-friendly characters'],
    ['`touch marker`', 'npm package names: name can only contain URL-friendly characters'],
  ])('the name %j with one line giving the reason, creating nothing', async (name, reason) => {
    const before = await readdir(cwd);
    const r = await create([name]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual([
      expect.stringContaining(`Invalid skill name "${name}": ${reason}`),
    ]);
    expect(await readdir(cwd)).toEqual(before);
    expect(existsSync(join(cwd, 'marker'))).toBe(false);
  });

  it('a folder that is not empty, naming what it holds and leaving it as it was', async () => {
    await mkdir(join(cwd, 'taken'));
    await writeFile(join(cwd, 'taken', 'notes.txt'), 'mine');
    const r = await create(['taken']);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual([
      'Folder taken is not empty (it already holds notes.txt): choose another name or empty it.',
    ]);
    expect(await readdir(join(cwd, 'taken'))).toEqual(['notes.txt']);
    await rm(join(cwd, 'taken'), { recursive: true });
  });

  it('an unknown template, listing the ones there are, as bad usage (exit 2)', async () => {
    const r = await create(['fine-name', '--template', '$(touch marker)']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual([
      'Unknown template "$(touch marker)": choose tool, oauth, docs.',
    ]);
    expect(existsSync(join(cwd, 'fine-name'))).toBe(false);
    expect(existsSync(join(cwd, 'marker'))).toBe(false);
  });

  it('an unknown package manager, listing the ones there are, as bad usage (exit 2)', async () => {
    const r = await create(['fine-name', '--pm', 'bun']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual(['Unknown --pm "bun": choose npm, pnpm, yarn.']);
    expect(existsSync(join(cwd, 'fine-name'))).toBe(false);
  });

  it('a missing name when there is no terminal to ask on, as bad usage (exit 2)', async () => {
    const r = await create([]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toEqual([
      'Missing the skill name: npm create openclaw-skill <name> (no terminal to ask on).',
    ]);
  });

  it('an unknown option, as bad usage (exit 2)', async () => {
    const r = await create(['fine-name', '--colour']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--colour'");
    expect(existsSync(join(cwd, 'fine-name'))).toBe(false);
  });

  it('a template that fails to render, with exit 1, removing the half-written folder', async () => {
    const templates = await mkdtemp(join(tmpdir(), 'oc-templates-'));
    await mkdir(join(templates, 'tool'));
    await writeFile(join(templates, 'tool', 'package.json'), '{ "name": "{{name}}" }');
    await writeFile(join(templates, 'tool', 'SKILL.md'), '{{#if name}} never closed');
    const r = await create(['broken-one'], { OPENCLAW_SKILL_TEMPLATES: templates });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual([
      expect.stringMatching(
        /^Template "tool" failed: Parse error on line 1: .*got .EOF.\. Nothing was created\.$/,
      ),
    ]);
    expect(existsSync(join(cwd, 'broken-one'))).toBe(false);
    await rm(templates, { recursive: true });
  });

  it('a template that renders but lacks a required file, with exit 1', async () => {
    const templates = await mkdtemp(join(tmpdir(), 'oc-templates-'));
    await mkdir(join(templates, 'tool'));
    await writeFile(join(templates, 'tool', 'package.json'), '{ "name": "{{name}}" }');
    const r = await create(['half-one'], { OPENCLAW_SKILL_TEMPLATES: templates });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toEqual([
      `Template "tool" did not produce manifest.json, SKILL.md, src/index.ts, test/index.test.ts in ${join(cwd, 'half-one')}. Nothing was created.`,
    ]);
    expect(existsSync(join(cwd, 'half-one'))).toBe(false);
    await rm(templates, { recursive: true });
  });
});

describe('create-openclaw-skill never hands user input to a shell', () => {
  it('writes a description holding $(...) and backticks into the files as text, running nothing', async () => {
    const description = 'Runs $(touch marker) and `touch marker2` for nobody.';
    const r = await create(['literal-skill', '--description', description]);
    expect(r.code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const skillMd = await readFile(join(cwd, 'literal-skill', 'SKILL.md'), 'utf8');
    expect(skillMd).toContain(`description: ${description}`);
    expect(
      JSON.parse(await readFile(join(cwd, 'literal-skill', 'package.json'), 'utf8')).description,
    ).toBe(description);
    expect(existsSync(join(cwd, 'marker'))).toBe(false);
    expect(existsSync(join(cwd, 'literal-skill', 'marker'))).toBe(false);
    expect(existsSync(join(cwd, 'marker2'))).toBe(false);
    await rm(join(cwd, 'literal-skill'), { recursive: true });
  });
});
