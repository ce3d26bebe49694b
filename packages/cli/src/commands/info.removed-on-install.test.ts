// `info` on a skill installed in this home names the package.json fields install removed from
// the store copy (devDependencies, scripts), which npm never saw; before install it names none.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { describeRemoved } from './info-installed.js';

let root: string;
let skill: string;
let home: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-info-removed-'));
  skill = join(root, 'notes-skill');
  home = join(root, 'home');
  await mkdir(skill, { recursive: true });
  await writeFile(
    join(skill, 'SKILL.md'),
    '---\nname: notes-skill\ndescription: Keeps meeting notes short. Use when asked to summarise notes.\n---\n\nSummarise in three bullet points.\n',
  );
  await writeFile(
    join(skill, 'package.json'),
    JSON.stringify({
      name: 'notes-skill',
      version: '1.2.0',
      keywords: ['openclaw-skill'],
      files: ['SKILL.md'],
      scripts: { test: 'vitest run', build: 'tsc' },
      devDependencies: { typescript: '6.0.3', vitest: '4.1.12' },
    }),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const io = memoryIo({ cwd: root, env: { HOME: root, PATH: process.env.PATH ?? '' } });
  const code = await run([...args, '--home', home], io);
  return { code, out: io.out, err: io.err };
}

describe('info of an installed skill', () => {
  it('names no removed fields before the skill is installed', async () => {
    const r = await cli('info', skill, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).removedOnInstall).toBeUndefined();
  });

  it('names the devDependencies and scripts install removed, in --json and in text', async () => {
    const installed = await cli('install', skill, '--yes');
    expect(installed.code, installed.err).toBe(0);
    const json = await cli('info', skill, '--json');
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out).removedOnInstall).toEqual({
      scripts: { test: 'vitest run', build: 'tsc' },
      devDependencies: { typescript: '6.0.3', vitest: '4.1.12' },
    });
    const text = await cli('info', skill);
    expect(text.out).toContain(
      'installed here without (npm never saw them): scripts: test, build; devDependencies: typescript, vitest',
    );
  });
});

describe('describeRemoved', () => {
  it('lists object fields by key, lists as they are and scalars as text', () => {
    expect(
      describeRemoved({
        devDependencies: { a: '1' },
        workspaces: ['x', 'y'],
        packageManager: 'pnpm@9',
      }),
    ).toBe('devDependencies: a; workspaces: x, y; packageManager: pnpm@9');
  });
});
