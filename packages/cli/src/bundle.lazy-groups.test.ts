// The built bundle keeps large dependencies out of the file every command reads: `list` loads
// no file of dist/bundle/lazy/ and none of the built-in modules main.cjs loads on first use, and
// a configured MCP server loads the MCP SDKs from their group there when it starts (the bundle
// from `pnpm build`, run as a user runs it).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
  // Preloaded into the command: writes each file of dist/bundle/lazy/ it required, and the
  // built-in modules Node loaded, at exit.
  await writeFile(
    recorder,
    `const Module = require('node:module');
const load = Module._load;
const seen = new Set();
Module._load = function (request, parent, isMain) {
  if (/[\\\\/]lazy[\\\\/][^\\\\/]+\\.cjs$/.test(request)) seen.add(request.split(/[\\\\/]/).pop());
  return load.apply(this, arguments);
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.LAZY_RECORD, JSON.stringify({
  lazy: [...seen].sort(),
  builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
})));
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
  const { lazy, builtins } = JSON.parse(await readFile(record, 'utf8')) as {
    lazy: string[];
    builtins: string[];
  };
  return { list: JSON.parse(stdout) as Array<{ name: string; status: string }>, lazy, builtins };
}

describe('the bundle of openclaw-skill', () => {
  it('lists the bundled skills without loading any lazy group', async () => {
    const { list, lazy } = await listWithRecorder('plain');
    expect(list.map((s) => s.name)).toEqual(['gmail', 'weather']);
    expect(lazy).toEqual([]);
  });

  it('lists without loading crypto, child_process, worker_threads, v8, perf_hooks or timers/promises (loaded on first use)', async () => {
    // The first run writes the scan cache (write-file-atomic loads worker_threads for it); the
    // second reads it, as every later command does.
    await listWithRecorder('builtins');
    const { list, builtins } = await listWithRecorder('builtins');
    expect(list.map((s) => s.name)).toEqual(['gmail', 'weather']);
    // A built-in the recorder sees at all: the list is of what Node loaded.
    expect(builtins).toContain('fs/promises');
    expect(
      builtins.filter((m) =>
        /^(crypto|child_process|worker_threads|v8|perf_hooks|timers\/promises)$/.test(m),
      ),
    ).toEqual([]);
  });

  it('marks a skill needing another host API ineligible (semver, loaded on first use, still answers)', async () => {
    const workspace = join(tmp, 'host-range', 'project');
    const skill = join(workspace, 'skills', 'weather');
    await cp(join(repo, 'skills', 'weather'), skill, { recursive: true, dereference: true });
    const manifest = JSON.parse(await readFile(join(skill, 'manifest.json'), 'utf8')) as object;
    await writeFile(join(skill, 'manifest.json'), JSON.stringify({ ...manifest, host: '>=99' }));
    const home = join(tmp, 'host-range', 'state');
    const { stdout } = await exec(
      process.execPath,
      [bin, 'list', '--json', '--home', home, '--workspace', workspace],
      { cwd: workspace, env: { PATH: process.env.PATH, HOME: join(tmp, 'host-range') } },
    );
    const [weather] = JSON.parse(stdout) as Array<{
      status: string;
      problems: Array<{ code: string }>;
    }>;
    expect(weather!.status).toBe('ineligible');
    expect(weather!.problems.map((p) => p.code)).toContain('HOST_RANGE_UNSATISFIED');
  });

  it('loads the MCP group when a configured MCP server starts, and lists its tools', async () => {
    const { list, lazy, builtins } = await listWithRecorder('mcp', {
      mcpServers: { fx: { command: process.execPath, args: [fixture], eager: true } },
    });
    expect(lazy).toContain('mcp.cjs');
    // Starting the server is a child process: the lazy built-in loads when it is used.
    expect(builtins).toContain('child_process');
    expect(list.find((s) => s.name === 'mcp__fx')).toMatchObject({ status: 'ready' });
  });
});
