// A real `openclaw-skill serve` process gets SIGTERM while a tool call is running over MCP:
// it stops taking connections, lets the call finish and answer, flushes the audit log,
// removes serve.json and exits 0.
import { existsSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild } from './serve-child.js';

let root: string;

/** Resolves once `file` exists in `dir`: checked on each change a watcher reports there. */
function created(dir: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir);
    const check = () => {
      if (!existsSync(join(dir, file))) return;
      watcher.close();
      resolve();
    };
    watcher.on('change', check);
    watcher.on('error', reject);
    check();
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-sigterm-'));
  const dir = join(root, 'ws', 'skills', 'slow');
  await mkdir(dir, { recursive: true });
  const started = join(root, 'started');
  const release = join(root, 'release');
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'slow', version: '1.0.0', type: 'module', exports: './index.js' }),
  );
  await writeFile(
    join(dir, 'SKILL.md'),
    '---\nname: slow\ndescription: A tool that waits to be released.\n---\n',
  );
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifestVersion: 1,
      name: 'slow',
      version: '1.0.0',
      host: '^1',
      tools: [
        { name: 'slow.wait', description: 'Wait until released.', inputSchema: { type: 'object' } },
      ],
    }),
  );
  // The tool says it started, then waits for the test to release it (a watcher on the folder
  // the release file appears in): no timing involved.
  await writeFile(
    join(dir, 'index.js'),
    `import { existsSync, watch, writeFileSync } from 'node:fs';
export default { createTools() { return { 'slow.wait': async () => {
  const watcher = watch(${JSON.stringify(root)});
  writeFileSync(${JSON.stringify(started)}, '');
  await new Promise((resolve) => {
    const check = () => existsSync(${JSON.stringify(release)}) && resolve();
    watcher.on('change', check);
    check();
  });
  watcher.close();
  return 'finished';
} }; } };
`,
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('serve shutdown', () => {
  it('on SIGTERM finishes the call in flight, then removes serve.json and exits 0', async () => {
    const home = join(root, 'home');
    const serve = await startServeChild(['--home', home, '--workspace', join(root, 'ws')]);
    expect(JSON.parse(await readFile(join(home, 'serve.json'), 'utf8'))).toMatchObject({
      pid: serve.child.pid,
      port: serve.ready.port,
    });
    const client = new Client({ name: 'sigterm-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${serve.ready.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${serve.ready.token}` } },
      }),
    );
    const started = created(root, 'started');
    const call = client.callTool({ name: 'slow.wait', arguments: {} });
    await started;
    serve.child.kill('SIGTERM');
    // New connections are refused while the call is still running. Nothing outside the serve
    // process says when its listener closed, so this asks until a connection is refused (the
    // test's own timeout is the only bound).
    while (
      await fetch(`${serve.ready.url}/api`, { headers: { connection: 'close' } }).then(
        () => true,
        () => false,
      )
    );
    await writeFile(join(root, 'release'), '');
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: 'finished' }]);
    expect(await serve.exited).toBe(0);
    expect(existsSync(join(home, 'serve.json'))).toBe(false);
    const audit = (await readFile(join(home, 'audit.jsonl'), 'utf8')).trim().split('\n');
    expect(JSON.parse(audit.at(-1)!)).toMatchObject({ tool: 'slow.wait', outcome: 'ok' });
    await client.close().catch(() => undefined);
  });
});
