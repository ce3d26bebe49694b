// Skills from a git repository, a folder and a zip installed with the CLI while a serve runs
// for the home: each install, update after a new commit, rollback and remove goes through the
// serve's control API, and its MCP client gets list_changed and sees the skill's document.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand, nextListChanged, startServeChild, type ServeChild } from './serve-child.js';
import { writeSkillFolder, writeSkillsRepo, zipFolder } from './support/skill-sources.js';

const exec = promisify(execFile);
let root: string;
let repo: string;
let git: (...args: string[]) => Promise<string>;
let serve: ServeChild;
let client: Client;
const home = () => join(root, 'home');
const userHome = () => join(root, 'user');

async function cli(...args: string[]) {
  const cmd = cliCommand([...args, '--home', home(), '--workspace', join(root, 'ws')]);
  try {
    const { stdout, stderr } = await exec(cmd.command, cmd.args, {
      env: { PATH: process.env.PATH, HOME: userHome() },
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

// Each CLI command is its own node process compiling the sources (tsx): seconds apiece on a
// loaded machine, so the runner's limit per test is raised (no assertion depends on time).
const SLOW = 240_000;

const documents = async () => (await client.listResources()).resources.map((r) => r.uri);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-sources-'));
  await mkdir(join(root, 'ws'));
  await mkdir(userHome());
  repo = join(root, 'repo');
  git = await writeSkillsRepo(repo, { names: ['pdf', 'slides', 'sheets'], home: userHome() });
  serve = await startServeChild(['--home', home(), '--workspace', join(root, 'ws')], {
    HOME: userHome(),
  });
  client = new Client({ name: 'install-sources-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${serve.ready.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${serve.ready.token}` } },
    }),
  );
});

afterAll(async () => {
  await client?.close();
  serve?.child.kill('SIGTERM');
  await serve?.exited;
  await rm(root, { recursive: true, force: true });
});

describe('install sources into a running serve', () => {
  it(
    'without --skill or --all, a repository of several skills is refused with their names',
    async () => {
      const r = await cli('install', `git+file://${repo}`, '--yes');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'pdf (skills/pdf), sheets (skills/sheets), slides (skills/slides)',
      );
      expect(r.stderr).toContain('--all');
    },
    SLOW,
  );

  it(
    '--skill pdf --skill slides installs those two through the serve, announced with list_changed',
    async () => {
      const changed = nextListChanged(client);
      const r = await cli(
        'install',
        `git+file://${repo}`,
        '--skill',
        'pdf',
        '--skill',
        'slides',
        '--yes',
        '--json',
      );
      expect(r.stderr).toContain('Through the running serve for this home');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { action: string; name: string }[];
      expect(out.map((x) => [x.action, x.name])).toEqual([
        ['installed', 'pdf'],
        ['installed', 'slides'],
      ]);
      await changed;
      const uris = await documents();
      expect(uris.some((u) => u.includes('pdf'))).toBe(true);
      expect(uris.some((u) => u.includes('sheets'))).toBe(false);
    },
    SLOW,
  );

  it(
    'update after a new commit moves pdf to a new version with list_changed; rollback and remove too',
    async () => {
      await writeFile(join(repo, 'skills/pdf/references/guide.md'), '# Guide, revised\n');
      await git('commit', '--quiet', '-am', 'revise pdf');
      let changed = nextListChanged(client);
      const up = await cli('update', 'pdf', '--yes', '--json');
      expect(up.code, up.stderr).toBe(0);
      expect(JSON.parse(up.stdout)).toMatchObject({ action: 'updated', name: 'pdf' });
      await changed;

      changed = nextListChanged(client);
      const back = await cli('rollback', 'pdf', '--json');
      expect(back.code, back.stderr).toBe(0);
      expect(JSON.parse(back.stdout)).toMatchObject({ action: 'rolled-back', name: 'pdf' });
      await changed;

      changed = nextListChanged(client);
      const gone = await cli('remove', 'pdf');
      expect(gone.code, gone.stderr).toBe(0);
      await changed;
      expect((await documents()).some((u) => u.includes('//pdf/'))).toBe(false);
    },
    SLOW,
  );

  it(
    'a folder and a zip of a SKILL.md folder install through the serve with list_changed',
    async () => {
      await writeSkillFolder(join(root, 'src', 'notes'), { name: 'notes' });
      let changed = nextListChanged(client);
      expect((await cli('install', './src/notes', '--yes')).code).toBe(0);
      await changed;
      expect((await cli('remove', 'notes')).code).toBe(0);

      await zipFolder(join(root, 'src'), 'notes', join(root, 'notes.zip'));
      changed = nextListChanged(client);
      const r = await cli('install', 'notes.zip', '--yes', '--json');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ action: 'installed', name: 'notes' });
      await changed;
    },
    SLOW,
  );
});
