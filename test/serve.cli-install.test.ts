// `openclaw-skill install`, `rollback` and `remove` run as their own processes while a serve
// runs for the home: they act through its control API, and MCP clients of the serve (over
// Streamable HTTP and over stdio) get tools/list_changed and see the change in the next list.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cliCommand,
  connectStdioServe,
  nextListChanged,
  startServeChild,
  toolNames,
  type ServeChild,
} from './serve-child.js';
import { writeSkillPackage } from './support/skill-packages.js';

const exec = promisify(execFile);
let root: string;
let tarball: string;
let pkgDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-cli-install-'));
  await mkdir(join(root, 'ws'));
  pkgDir = await writeSkillPackage({ skill: 'counter', version: '1.0.0' });
  const { stdout } = await exec('npm', ['pack', pkgDir, '--pack-destination', root, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(root, 'npm-cache') },
  });
  tarball = join(root, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(pkgDir, { recursive: true, force: true });
});

/** Runs the CLI in its own process; resolves with its exit code and output. */
async function cli(home: string, ...args: string[]) {
  return cliIn(undefined, home, ...args);
}

/** The CLI run from the folder `cwd` (the test's own when undefined). */
async function cliIn(cwd: string | undefined, home: string, ...args: string[]) {
  const cmd = cliCommand([...args, '--home', home, '--workspace', join(root, 'ws')]);
  try {
    const { stdout, stderr } = await exec(cmd.command, cmd.args, {
      env: { PATH: process.env.PATH, HOME: join(root, 'user') },
      ...(cwd && { cwd }),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('CLI commands into a running serve', () => {
  let serve: ServeChild;
  let client: Client;
  const home = () => join(root, 'http-home');

  beforeAll(async () => {
    serve = await startServeChild(['--home', home(), '--workspace', join(root, 'ws')], {
      HOME: join(root, 'user'),
    });
    client = new Client({ name: 'cli-install-test', version: '1.0.0' });
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
  });

  it('install without --yes and without a terminal refuses with one line naming --yes', async () => {
    const r = await cli(home(), 'install', tarball);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Through the running serve for this home');
    expect(r.stderr).toContain('pass --yes');
    expect(await toolNames(client)).not.toContain('counter_version');
  });

  it('install --yes: MCP clients get list_changed and the new tool; a call answers', async () => {
    const changed = nextListChanged(client);
    const r = await cli(home(), 'install', tarball, '--yes', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ action: 'installed', name: 'counter' });
    await changed;
    expect(await toolNames(client)).toContain('counter_version');
    const call = await client.callTool({ name: 'counter.version', arguments: {} });
    expect(call.structuredContent).toEqual({ version: '1.0.0' });
  });

  it('list shows it from the serve, and remove takes it away with list_changed', async () => {
    const list = await cli(home(), 'list', '--json');
    expect(JSON.parse(list.stdout)).toContainEqual(
      expect.objectContaining({ name: 'counter', source: 'store' }),
    );
    const changed = nextListChanged(client);
    const r = await cli(home(), 'remove', 'counter');
    expect(r.code).toBe(0);
    await changed;
    expect(await toolNames(client)).not.toContain('counter_version');
  });

  it("a relative folder path is resolved in the folder the command was typed in, not in serve's", async () => {
    const changed = nextListChanged(client);
    const r = await cliIn(dirname(pkgDir), home(), 'install', `./${basename(pkgDir)}`, '--yes');
    expect(r.stderr).toContain('Through the running serve for this home');
    expect(r.code).toBe(0);
    await changed;
    expect(await toolNames(client)).toContain('counter_version');
    expect((await cli(home(), 'remove', 'counter')).code).toBe(0);
  });
});

describe('CLI install into a stdio serve', () => {
  it('reaches the stdio client as list_changed and the next list has the tool', async () => {
    const home = join(root, 'stdio-home');
    const { client } = await connectStdioServe({
      home,
      workspace: join(root, 'ws'),
      userHome: join(root, 'user'),
      name: 'stdio-cli-install',
    });
    try {
      await client.listTools();
      const changed = nextListChanged(client);
      const r = await cli(home, 'install', tarball, '--yes');
      expect(r.code).toBe(0);
      await changed;
      expect(await toolNames(client)).toContain('counter_version');
    } finally {
      await client.close();
    }
  });
});
