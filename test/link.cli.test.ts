// `link`, `unlink`, `list` and the refusals for managed skills through the built
// `openclaw-skill`, as a user runs it: a fresh node process with a temp HOME, a temp project
// as the current folder and a temp --home, for every agent in the table.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS } from '../packages/host/src/agents/table.js';
import { writeSkillPackage } from './support/skill-packages.js';

const repo = resolve(import.meta.dirname, '..');
const bin = join(repo, 'packages/cli/dist/bundle/openclaw-skill.cjs');
const exec = promisify(execFile);
let tmp: string;
let userHome: string;
let project: string;
let ocHome: string;

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args, '--home', ocHome], {
      cwd: project,
      env: { PATH: process.env.PATH, HOME: userHome },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-link-cli-'));
  userHome = join(tmp, 'user-home');
  project = join(tmp, 'project');
  ocHome = join(tmp, 'oc-home');
  for (const d of [userHome, project, ocHome]) await mkdir(d, { recursive: true });
  // A docs-only skill and a code skill, installed from their folders.
  const notes = join(tmp, 'notes');
  await mkdir(notes);
  await writeFile(
    join(notes, 'package.json'),
    JSON.stringify({
      name: 'oc-skill-notes',
      version: '1.0.0',
      type: 'module',
      keywords: ['openclaw-skill'],
    }),
  );
  await writeFile(
    join(notes, 'SKILL.md'),
    '---\nname: notes\ndescription: Keeps notes.\n---\n# Notes\n',
  );
  const counter = await writeSkillPackage({ skill: 'counter', version: '1.0.0' });
  for (const dir of [notes, counter]) {
    const r = await cli('install', dir, '--yes');
    expect(r.code, r.stderr).toBe(0);
  }
  // A skill ClawHub installed into the project's skills folder.
  const gif = join(project, 'skills', 'gifgrep');
  await mkdir(join(gif, '.clawhub'), { recursive: true });
  await writeFile(join(gif, 'SKILL.md'), '---\nname: gifgrep\ndescription: Finds GIFs.\n---\n');
  await writeFile(
    join(gif, '.clawhub', 'origin.json'),
    JSON.stringify({
      version: 1,
      registry: 'https://clawhub.example.test',
      slug: 'gifgrep',
      installedVersion: '2.1.0',
      installedAt: 1,
    }),
  );
}, 120_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('openclaw-skill link and unlink (built CLI, temp HOME)', () => {
  it.each(AGENTS.map((a) => [a.id, a] as const))(
    '%s: link puts a symlink into the store in the project folder and under HOME with --global; list shows both; unlink removes them',
    async (id, agent) => {
      const projectLink = join(project, agent.projectSkills, 'notes');
      const userLink = join(userHome, agent.userSkills, 'notes');
      const store = join(ocHome, 'store', 'notes', 'current');
      const linked = await cli('link', 'notes', '--agent', id);
      expect(linked.code, linked.stderr).toBe(0);
      expect(linked.stdout).toBe(`Linked for ${agent.name}: ${projectLink} -> ${store}\n`);
      expect(await cli('link', 'notes', '--agent', id, '--global')).toMatchObject({ code: 0 });
      expect(await readlink(projectLink)).toBe(store);
      expect(await readlink(userLink)).toBe(store);
      expect(await readFile(join(userLink, 'SKILL.md'), 'utf8')).toContain('Keeps notes.');

      const list = await cli('list', '--json');
      const entry = (
        JSON.parse(list.stdout) as { name: string; source: string; links?: unknown[] }[]
      ).find((e) => e.name === 'notes' && e.source === 'store');
      expect(entry?.links).toEqual(
        expect.arrayContaining([
          { agent: id, scope: 'project', path: projectLink },
          { agent: id, scope: 'user', path: userLink },
        ]),
      );

      const un = await cli('unlink', 'notes', '--agent', id);
      expect(un.stdout).toBe(`Removed ${projectLink}\n`);
      expect(await cli('unlink', 'notes', '--agent', id, '--global')).toMatchObject({ code: 0 });
      expect(existsSync(projectLink) || existsSync(userLink)).toBe(false);
    },
  );

  it('link refuses a folder it did not make (exit 1, LINK_CONFLICT naming the path) and links no agent', async () => {
    const taken = join(project, '.gemini', 'skills', 'notes');
    await mkdir(taken, { recursive: true });
    const r = await cli('link', 'notes', '--agent', 'claude-code', '--agent', 'gemini', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'LINK_CONFLICT' } });
    expect(r.stderr).toContain(taken);
    expect(existsSync(join(project, '.claude', 'skills', 'notes'))).toBe(false);
    expect((await lstat(taken)).isDirectory()).toBe(true);
    await rm(taken, { recursive: true });
  });

  it('bad usage: no --agent, or an unknown one, exits 2 naming the agents; a skill not installed exits 1', async () => {
    const none = await cli('link', 'notes');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('claude-code, cursor, codex, gemini, openclaw');
    expect((await cli('link', 'notes', '--agent', 'vim')).code).toBe(2);
    const missing = await cli('link', 'nope', '--agent', 'cursor');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('openclaw-skill install nope');
  });

  it('a code skill: link prints the serve entry; --write merges it into the config, keeping other servers, with a backup', async () => {
    const printed = await cli('link', 'counter', '--agent', 'cursor');
    expect(printed.code, printed.stderr).toBe(0);
    const file = join(project, '.cursor', 'mcp.json');
    expect(printed.stdout).toContain(`add to ${file}`);
    expect(printed.stdout).toContain('"openclaw-skills"');
    expect(existsSync(file)).toBe(false);
    await mkdir(join(project, '.cursor'), { recursive: true });
    await writeFile(file, JSON.stringify({ mcpServers: { other: { command: 'x' } } }));
    const written = await cli('link', 'counter', '--agent', 'cursor', '--write');
    expect(written.code, written.stderr).toBe(0);
    const config = JSON.parse(await readFile(file, 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    expect(config.mcpServers.other).toEqual({ command: 'x' });
    expect(config.mcpServers['openclaw-skills']!.args).toEqual([
      bin,
      'serve',
      '--mcp',
      'stdio',
      '--home',
      ocHome,
    ]);
    expect(await readFile(`${file}.openclaw-skill.bak`, 'utf8')).toContain('"other"');
  });
});

describe('skills ClawHub manages (built CLI)', () => {
  it('list --json shows the version, source and tool; list names the tool', async () => {
    const json = JSON.parse((await cli('list', '--json')).stdout) as {
      name: string;
      version: string;
      managedBy?: unknown;
    }[];
    expect(json.find((e) => e.name === 'gifgrep')).toMatchObject({
      version: '2.1.0',
      managedBy: { tool: 'clawhub', source: 'gifgrep', version: '2.1.0' },
    });
    expect((await cli('list')).stdout).toContain('managed by clawhub (gifgrep, version 2.1.0)');
  });

  it('remove and update refuse with MANAGED_ELSEWHERE and the ClawHub command; the skill stays', async () => {
    const removed = await cli('remove', 'gifgrep', '--json');
    expect(removed.code).toBe(1);
    expect(JSON.parse(removed.stdout)).toMatchObject({
      error: { code: 'MANAGED_ELSEWHERE', hint: 'Run: clawhub uninstall gifgrep' },
    });
    const updated = await cli('update', 'gifgrep');
    expect(updated.code).toBe(1);
    expect(updated.stderr).toContain('clawhub update gifgrep');
    expect(existsSync(join(project, 'skills', 'gifgrep', 'SKILL.md'))).toBe(true);
  });
});
