// `openclaw-skill dashboard` with a serve running for the home: prints the URL with the
// token in its fragment (never as a query), opens nothing with --no-browser, and refuses in
// one line when that serve has no dashboard.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { dashboardUrl } from './dashboard.js';

let root: string;
const started: RunningServe[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-dashboard-cli-'));
  // A stand-in for the built page: the command only needs serve to say it has a dashboard.
  await mkdir(join(root, 'dash'));
  await writeFile(join(root, 'dash', 'index.html'), '<!doctype html><title>d</title>');
});
afterAll(async () => {
  for (const s of started) await s.close();
  await rm(root, { recursive: true, force: true });
});

const serveFor = async (home: string, dashboard: boolean) => {
  const s = await startServe({
    home,
    workspace: root,
    userHome: join(root, 'user'),
    env: {},
    port: 0,
    watch: false,
    ...(dashboard && { dashboard: { dir: join(root, 'dash') } }),
  });
  started.push(s);
  return s;
};

const dashboard = async (home: string, ...args: string[]) => {
  const io = memoryIo({ env: { HOME: join(root, 'user') } });
  const code = await run(['dashboard', '--no-browser', '--home', home, ...args], io);
  return { code, io };
};

describe('openclaw-skill dashboard', () => {
  it('prints the running serve URL with the token in the fragment and opens no browser with --no-browser', async () => {
    const home = join(root, 'home-a');
    const s = await serveFor(home, true);
    const { code, io } = await dashboard(home, '--json');
    expect(code).toBe(0);
    const out = JSON.parse(io.out) as { url: string; opened: boolean; serving: boolean };
    expect(out).toEqual({
      url: `${s.info!.url}/#token=${encodeURIComponent(s.info!.token)}`,
      opened: false,
      serving: false,
    });
    expect(new URL(out.url).search).toBe('');
    const text = await dashboard(home);
    expect(text.io.out).toContain(`Dashboard: ${out.url}`);
    expect(text.io.out).not.toContain('Opened in your browser');
  });

  it('refuses in one line when the running serve has no dashboard', async () => {
    const home = join(root, 'home-b');
    await serveFor(home, false);
    const { code, io } = await dashboard(home);
    expect(code).toBe(1);
    expect(io.err.trim().split('\n')[0]).toContain('has no dashboard');
  });

  it('dashboardUrl escapes the token for the fragment', () => {
    expect(dashboardUrl('http://127.0.0.1:1', 'a+b/c')).toBe('http://127.0.0.1:1/#token=a%2Bb%2Fc');
  });
});
