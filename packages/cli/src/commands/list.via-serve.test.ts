// `list` asks the running serve of the home when there is one (the agent's catalog, whatever
// the current folder), and reads the home itself when serve.json is stale.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

let root: string;
let home: string;
let elsewhere: string;
let serve: RunningServe;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-list-serve-'));
  home = join(root, 'home');
  elsewhere = join(root, 'elsewhere');
  await mkdir(elsewhere);
  const skill = join(root, 'agent-ws', 'skills', 'notes');
  await mkdir(skill, { recursive: true });
  await writeFile(join(skill, 'SKILL.md'), '---\nname: notes\ndescription: Notes.\n---\n');
  serve = await startServe({
    home,
    workspace: join(root, 'agent-ws'),
    userHome: join(root, 'user'),
    env: {},
    port: 0,
    watch: false,
  });
});
afterAll(async () => {
  await serve?.close();
  await rm(root, { recursive: true, force: true });
});

const list = async (...args: string[]) => {
  const io = memoryIo({ cwd: elsewhere, env: { HOME: join(root, 'user') } });
  const code = await run(['list', '--home', home, ...args], io);
  return { code, io };
};

describe('list with a running serve', () => {
  it('prints the serve catalog (its workspace, not the current folder) and says where from', async () => {
    const { code, io } = await list();
    expect(code).toBe(0);
    expect(io.out).toContain('✓ notes');
    expect(io.err).toContain(
      `Skills of the running serve (pid ${process.pid}, ${serve.info!.url})`,
    );
    const json = await list('--json');
    expect(JSON.parse(json.io.out).map((s: { name: string }) => s.name)).toEqual(['notes']);
  });

  it('reads the home itself when serve.json names a token that does not work', async () => {
    const file = join(home, 'serve.json');
    const saved = await readFile(file, 'utf8');
    await writeFile(file, JSON.stringify({ ...JSON.parse(saved), token: 'stale' }));
    try {
      const { code, io } = await list('--json');
      expect(code).toBe(0);
      expect(JSON.parse(io.out)).toEqual([]);
      expect(io.err).toBe('');
    } finally {
      await writeFile(file, saved);
    }
  });
});
