// findServe: a serve counts as running only when serve.json is there, its pid is alive and
// its token works; requests through it turn error answers into SkillErrors.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findServe } from './serve-client.js';

let root: string;
let serve: RunningServe;
let home: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-client-'));
  home = join(root, 'home');
  serve = await startServe({
    home,
    workspace: join(root, 'ws'),
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

async function otherHome(name: string, content: unknown): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'serve.json'), JSON.stringify(content));
  return dir;
}

describe('findServe', () => {
  it('finds the running serve of a home and talks to its control API', async () => {
    const client = await findServe(home);
    expect(client?.info.pid).toBe(process.pid);
    const { skills } = await client!.request<{ skills: unknown[] }>('GET', '/skills');
    expect(skills).toEqual([]);
  });

  it('turns an error answer into a SkillError with the code, message and hint', async () => {
    const client = await findServe(home);
    await expect(client!.request('GET', '/audit?tail=-1')).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('tail must be a whole number'),
    });
  });

  it('finds none without serve.json', async () => {
    expect(await findServe(join(root, 'empty'))).toBeUndefined();
  });

  it('finds none when the pid in serve.json is not running', async () => {
    const info = serve.info!;
    // Pids are below 2^22 on Linux; this one cannot exist.
    const dir = await otherHome('dead', { ...info, pid: 2 ** 22 + 1 });
    expect(await findServe(dir)).toBeUndefined();
  });

  it('finds none when the token in serve.json is not the serve token', async () => {
    const dir = await otherHome('stale', { ...serve.info!, token: 'stale-token' });
    expect(await findServe(dir)).toBeUndefined();
  });
});
