// Installing into a running serve through its control API, from another process: consent in
// two requests (the summary, then the approved integrity), then install, update, rollback and
// remove, each announced to MCP clients with tools/list_changed and visible in the next list.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readServeFile, type ServeInfo } from '@openclaw/skill-host/internal';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdioServe, nextListChanged, toolNames } from './serve-child.js';
import { writeSkillPackage } from './support/skill-packages.js';

const exec = promisify(execFile);
let root: string;
let v1: string;
let v2: string;

const folders: string[] = [];

/** A skill package packed to a tarball, as a user installs one they downloaded. */
async function tarball(version: string): Promise<string> {
  const dir = await writeSkillPackage({ skill: 'counter', version });
  folders.push(dir);
  const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', root, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(root, 'npm-cache') },
  });
  return join(root, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-install-'));
  await mkdir(join(root, 'ws'));
  v1 = await tarball('1.0.0');
  v2 = await tarball('1.1.0');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

async function api(info: ServeInfo, method: string, path: string, body?: unknown) {
  const res = await fetch(`${info.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Resolves on the next tools/list_changed the client receives. */
const version = async (client: Client) =>
  (await client.callTool({ name: 'counter.version', arguments: {} })).structuredContent;

describe('installing into a running serve', () => {
  let serve: RunningServe;
  let client: Client;

  beforeAll(async () => {
    serve = await startServe({
      home: join(root, 'http-home'),
      workspace: join(root, 'ws'),
      userHome: join(root, 'user'),
      env: { PATH: process.env.PATH },
      port: 0,
      watch: false,
    });
    client = new Client({ name: 'install-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serve.mcpUrl!), {
        requestInit: { headers: { Authorization: `Bearer ${serve.info!.token}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await serve?.close();
  });

  it('answers an install without consent with 409 and the summary, and installs nothing', async () => {
    const r = await api(serve.info!, 'POST', '/skills', { spec: v1 });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(r.body.error.details.summary).toMatchObject({
      name: 'counter',
      version: '1.0.0',
      tools: [{ name: 'counter.version' }],
    });
    expect(await toolNames(client)).not.toContain('counter_version');
  });

  it('refuses an approval for other contents (integrity) and installs nothing', async () => {
    const r = await api(serve.info!, 'POST', '/skills', { spec: v1, integrity: 'sha512-other' });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('is not the package that was approved');
    expect(await toolNames(client)).not.toContain('counter_version');
  });

  it('installs with the approved integrity; MCP clients get list_changed and the new tool', async () => {
    const first = await api(serve.info!, 'POST', '/skills', { spec: v1 });
    const changed = nextListChanged(client);
    const r = await api(serve.info!, 'POST', '/skills', {
      spec: v1,
      integrity: first.body.error.details.summary.integrity,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'installed', name: 'counter', version: '1.0.0' });
    await changed;
    expect(await toolNames(client)).toContain('counter_version');
    expect(await version(client)).toEqual({ version: '1.0.0' });
  });

  it('installs a newer version over it with yes, then rolls back, each announced', async () => {
    let changed = nextListChanged(client);
    const up = await api(serve.info!, 'POST', '/skills', { spec: v2, yes: true });
    expect(up.body).toMatchObject({
      action: 'updated',
      version: '1.1.0',
      previousVersion: '1.0.0',
    });
    await changed;
    expect(await version(client)).toEqual({ version: '1.1.0' });
    changed = nextListChanged(client);
    const back = await api(serve.info!, 'POST', '/skills/counter/rollback');
    expect(back.body).toMatchObject({ action: 'rolled-back', version: '1.0.0' });
    await changed;
    expect(await version(client)).toEqual({ version: '1.0.0' });
  });

  it('lists the installed skill from the store in GET /api/skills', async () => {
    const r = await api(serve.info!, 'GET', '/skills');
    expect(r.body.skills).toContainEqual(
      expect.objectContaining({ name: 'counter', version: '1.0.0', source: 'store' }),
    );
  });

  it('removes it: list_changed, and the tool is gone from the next list', async () => {
    const changed = nextListChanged(client);
    const r = await api(serve.info!, 'DELETE', '/skills/counter');
    expect(r.body).toMatchObject({ action: 'removed', name: 'counter' });
    await changed;
    expect(await toolNames(client)).not.toContain('counter_version');
  });

  it('answers 404 SKILL_NOT_FOUND naming a skill that is not installed', async () => {
    const r = await api(serve.info!, 'DELETE', '/skills/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'SKILL_NOT_FOUND' });
    expect(r.body.error.message).toContain('nothing-here');
  });
});

describe('installing into a stdio serve from another process', () => {
  it('sends list_changed over stdio and the next list has the installed tool', async () => {
    const home = join(root, 'stdio-home');
    const { client, transport } = await connectStdioServe({
      home,
      workspace: join(root, 'ws'),
      userHome: join(root, 'user'),
      name: 'stdio-install-test',
    });
    try {
      await client.listTools();
      const info = readServeFile(home)!;
      expect(info.pid).toBe(transport.pid);
      const changed = nextListChanged(client);
      const r = await api(info, 'POST', '/skills', { spec: v1, yes: true });
      expect(r.body).toMatchObject({ action: 'installed', version: '1.0.0' });
      await changed;
      expect(await toolNames(client)).toContain('counter_version');
    } finally {
      await client.close();
    }
  });
});
