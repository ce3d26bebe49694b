// The serve command's surface: usage errors exit 2 before anything starts, a running serve
// for the home makes a second one exit 1 with one line, and the client configs it prints.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe } from '@openclaw/skill-host/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { clientConfigs } from './serve.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-cli-serve-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('openclaw-skill serve', () => {
  it('prints its options with --help', async () => {
    const io = memoryIo();
    expect(await run(['serve', '--help'], io)).toBe(0);
    for (const o of [
      '--port <n>',
      '--mcp <transport>',
      '--no-watch',
      '--new-token',
      '--home',
      '--json',
    ])
      expect(io.out).toContain(o);
  });

  it('exits 2 on a bad port or transport', async () => {
    for (const args of [
      ['--port', '70000'],
      ['--port', 'x'],
      ['--mcp', 'sse'],
    ]) {
      const io = memoryIo();
      expect(await run(['serve', ...args, '--home', join(root, 'h')], io)).toBe(2);
    }
  });

  it('exits 1 with one line when a serve already runs for the home', async () => {
    const home = join(root, 'busy');
    const first = await startServe({ home, workspace: root, env: {}, port: 0, watch: false });
    try {
      // The running serve is this process; make serve.json name another live one.
      const info = JSON.parse(await readFile(join(home, 'serve.json'), 'utf8'));
      await writeFile(join(home, 'serve.json'), JSON.stringify({ ...info, pid: process.ppid }));
      const io = memoryIo({ cwd: root });
      expect(await run(['serve', '--home', home, '--port', '0'], io)).toBe(1);
      expect(io.err).toContain(`A serve is already running for ${home} (pid ${process.ppid}`);
      expect(io.err).toContain('hint: Use that one, stop it first, or pass another --home.');
    } finally {
      await first.close();
    }
  });

  it('makes an HTTP config with the token and a stdio config that starts serve for the same home', () => {
    const configs = clientConfigs(
      { url: 'http://127.0.0.1:7411', port: 7411, token: 'tok', pid: 1, mcp: 'http' },
      { node: '/usr/bin/node', bin: '/x/bin.js', home: '/h', workspace: '/w' },
    );
    expect(configs.http).toEqual({
      mcpServers: {
        'openclaw-skills': {
          type: 'http',
          url: 'http://127.0.0.1:7411/mcp',
          headers: { Authorization: 'Bearer tok' },
        },
      },
    });
    expect(configs.stdio.mcpServers['openclaw-skills']).toEqual({
      command: '/usr/bin/node',
      args: ['/x/bin.js', 'serve', '--mcp', 'stdio', '--home', '/h', '--workspace', '/w'],
    });
  });
});
