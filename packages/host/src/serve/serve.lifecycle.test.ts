// serve.json while serve runs (0600, where and who), one control-API serve per home, stdio
// serves beside it, the watcher following config.json, and close() removing serve.json.
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { httpClient, serveFixture, type ServeFixture } from './serve.fixtures.js';
import { startServe } from './serve.js';

let fx: ServeFixture | undefined;
afterEach(async () => {
  await fx?.cleanup();
  fx = undefined;
});

describe('serve lifecycle', () => {
  it('writes serve.json (0600) with url, port, token and pid, and removes it on close', async () => {
    fx = await serveFixture();
    const file = join(fx.home, 'serve.json');
    const info = JSON.parse(await readFile(file, 'utf8'));
    expect(info).toEqual({
      url: `http://127.0.0.1:${fx.serve.info!.port}`,
      port: fx.serve.info!.port,
      token: fx.serve.info!.token,
      pid: process.pid,
      mcp: 'http',
    });
    expect(info.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await fx.serve.close();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a second HTTP serve for a home whose serve is running, naming its pid', async () => {
    fx = await serveFixture();
    // serve.json names a live process that is not this one: the parent of this test process.
    const info = JSON.parse(await readFile(join(fx.home, 'serve.json'), 'utf8'));
    await writeFile(join(fx.home, 'serve.json'), JSON.stringify({ ...info, pid: process.ppid }));
    await expect(
      startServe({ home: fx.home, workspace: fx.workspace, env: {}, port: 0, watch: false }),
    ).rejects.toThrow(`A serve is already running for ${fx.home} (pid ${process.ppid}`);
  });

  it('runs a stdio serve beside a running serve without taking its serve.json', async () => {
    fx = await serveFixture();
    const before = await readFile(join(fx.home, 'serve.json'), 'utf8');
    const info = JSON.parse(before);
    await writeFile(join(fx.home, 'serve.json'), JSON.stringify({ ...info, pid: process.ppid }));
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const second = await startServe({
      home: fx.home,
      workspace: fx.workspace,
      env: {},
      transport: 'stdio',
      stdin,
      stdout,
      watch: false,
    });
    expect(second.info).toBeUndefined();
    await second.close();
    expect(JSON.parse(await readFile(join(fx.home, 'serve.json'), 'utf8')).pid).toBe(process.ppid);
  });

  it('rescans when config.json changes and tells clients: a disabled skill loses its tools', async () => {
    fx = await serveFixture({ watch: true });
    const client = await httpClient(fx.serve);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('notes_read');
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
      );
      await writeFile(
        join(fx.home, 'config.json'),
        JSON.stringify({ skills: { notes: { enabled: false } } }),
      );
      await changed;
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'skills_read',
        'skills_search',
      ]);
    } finally {
      await client.close();
    }
  });
});
