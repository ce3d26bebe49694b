// The built bundle keeps large dependencies out of the file every command reads: `list` loads
// no file of dist/bundle/lazy/, and a configured MCP server loads the MCP SDKs from their group
// there when it starts (the bundle from `pnpm build`, run as a user runs it).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '../../..');
const bin = join(repo, 'packages/cli/dist/bundle/openclaw-skill.cjs');
const fixture = join(repo, 'packages/host/src/mcp-client/testing/fixture-server.mjs');
let tmp: string;
let recorder: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'bundle-lazy-'));
  recorder = join(tmp, 'record-lazy.cjs');
  // Preloaded into the command: writes each file of dist/bundle/lazy/ it required, at exit.
  await writeFile(
    recorder,
    `const Module = require('node:module');
const load = Module._load;
const seen = new Set();
Module._load = function (request, parent, isMain) {
  if (/[\\\\/]lazy[\\\\/][^\\\\/]+\\.cjs$/.test(request)) seen.add(request.split(/[\\\\/]/).pop());
  return load.apply(this, arguments);
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.LAZY_RECORD, JSON.stringify([...seen].sort())));
`,
  );
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function listWithRecorder(name: string, config?: unknown) {
  const home = join(tmp, name, 'state');
  await mkdir(home, { recursive: true });
  if (config) await writeFile(join(home, 'config.json'), JSON.stringify(config));
  const record = join(tmp, name, 'lazy.json');
  const { stdout } = await exec(
    process.execPath,
    ['-r', recorder, bin, 'list', '--json', '--home', home],
    {
      cwd: repo,
      env: { PATH: process.env.PATH, HOME: join(tmp, name), LAZY_RECORD: record },
    },
  );
  const loaded = JSON.parse(await readFile(record, 'utf8')) as string[];
  return { list: JSON.parse(stdout) as Array<{ name: string; status: string }>, loaded };
}

describe('the bundle of openclaw-skill', () => {
  it('lists the bundled skills without loading any lazy group', async () => {
    const { list, loaded } = await listWithRecorder('plain');
    expect(list.map((s) => s.name)).toEqual(['gmail', 'weather']);
    expect(loaded).toEqual([]);
  });

  it('loads the MCP group when a configured MCP server starts, and lists its tools', async () => {
    const { list, loaded } = await listWithRecorder('mcp', {
      mcpServers: { fx: { command: process.execPath, args: [fixture], eager: true } },
    });
    expect(loaded).toContain('mcp.cjs');
    expect(list.find((s) => s.name === 'mcp__fx')).toMatchObject({ status: 'ready' });
  });
});
