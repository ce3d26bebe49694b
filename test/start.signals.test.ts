// `pnpm start` runs serve through a node launcher (scripts/start.mjs) that serves in its own
// process: SIGINT or SIGTERM to it stops serve cleanly (serve.json removed, exit 0), and so
// does Ctrl-C (SIGINT to the whole process group) and SIGTERM to the package manager that ran
// it (pnpm does not forward a signal sent to its own process to the script).
// Every process gets a temp HOME; the build step is left out (the launcher without --build).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LAUNCHER = join(import.meta.dirname, '..', 'scripts', 'start.mjs');
let root: string;
let project: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-start-signals-'));
  // A project whose start script is the launcher, as the repository's is.
  project = join(root, 'project');
  await mkdir(join(root, 'user'), { recursive: true });
  await mkdir(join(project, 'skills'), { recursive: true });
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'start-signals',
      private: true,
      scripts: { start: `node ${LAUNCHER}` },
    }),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

interface Ready {
  pid: number;
  clients: { stdio: { mcpServers: Record<string, { args: string[] }> } };
}

interface Started {
  ready: Ready;
  child: ChildProcess;
  home: string;
  exited: Promise<number | null>;
  /** The pid serve wrote to serve.json (the launcher's own process). */
  servePid: number;
}

const serveArgs = (home: string) => [
  '--mcp',
  'http',
  '--port',
  '0',
  '--json',
  '--home',
  home,
  '--workspace',
  project,
];

async function start(
  name: string,
  command: string,
  args: (home: string) => string[],
  detached = false,
) {
  const home = join(root, name);
  const child = spawn(command, args(home), {
    cwd: project,
    // Its own process group, as a terminal gives a foreground command.
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: join(root, 'user'), CI: '' },
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += String(d);
      try {
        resolve(JSON.parse(out.slice(out.indexOf('{'))) as Ready);
      } catch {
        // not all of it yet
      }
    });
    void exited.then((code) => reject(new Error(`exited (${code}) before serving:\n${err}`)));
  });
  expect(existsSync(join(home, 'serve.json'))).toBe(true);
  return { child, home, exited, ready, servePid: ready.pid } satisfies Started;
}

// The serve under `pnpm start` is not this test's child, so no exit event reaches the test:
// ask the kernel whether the pid is still there every 20 ms, with no bound of its
// own (the test's timeout is the bound).
const gone = async (pid: number) => {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('pnpm start', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stops serve and removes serve.json on ${signal} to the launcher process`, async () => {
      const s = await start(`home-${signal}`, process.execPath, (home) => [
        LAUNCHER,
        ...serveArgs(home),
      ]);
      expect(s.servePid).toBe(s.child.pid);
      s.child.kill(signal);
      expect(await s.exited).toBe(0);
      expect(existsSync(join(s.home, 'serve.json'))).toBe(false);
    }, 60_000);
  }

  it('stops serve on Ctrl-C (SIGINT to the process group pnpm start runs in)', async () => {
    const s = await start('home-ctrl-c', 'pnpm', (home) => ['start', ...serveArgs(home)], true);
    expect(s.servePid).not.toBe(s.child.pid);
    process.kill(-s.child.pid!, 'SIGINT');
    await gone(s.servePid);
    expect(existsSync(join(s.home, 'serve.json'))).toBe(false);
  }, 60_000);

  it('stops serve when pnpm, which ran the start script, gets SIGTERM', async () => {
    const s = await start('home-pnpm', 'pnpm', (home) => ['start', ...serveArgs(home)]);
    expect(s.servePid).not.toBe(s.child.pid);
    s.child.kill('SIGTERM');
    await s.exited;
    await gone(s.servePid);
    expect(existsSync(join(s.home, 'serve.json'))).toBe(false);
  }, 60_000);

  it('prints a stdio client config that runs the CLI, not the launcher', async () => {
    const s = await start('home-config', process.execPath, (home) => [
      LAUNCHER,
      ...serveArgs(home),
    ]);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    const args = s.ready.clients.stdio.mcpServers['openclaw-skills']?.args;
    expect(args?.slice(0, 2)).toEqual([join(LAUNCHER, '..', 'openclaw-skill.mjs'), 'serve']);
  }, 60_000);
});
