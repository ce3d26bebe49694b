// MCP Inspector's CLI (2.12, run under Node 24) against serve over Streamable HTTP in both
// protocol eras: tools/list, skills/list with its SEP-2640 digest checks (--verify), and a
// skill:// resource read.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServe } from '../packages/host/src/serve/serve.js';
import { node24, npmTool } from './support/node-tools.js';
import { startProbeServe } from './support/probe-serve.js';

let root: string;
let serve: RunningServe;
let node: string;
let bin: string;

beforeAll(async () => {
  const [n, dir] = await Promise.all([node24(), npmTool('@modelcontextprotocol/inspector@2.12.0')]);
  node = n;
  bin = join(dir, 'node_modules', '.bin', 'mcp-inspector');
  ({ root, serve } = await startProbeServe('oc-inspector-', '# Guide\n\nUse echo_say.\n'));
}, 600_000);
afterAll(async () => {
  await serve?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Runs the Inspector CLI; resolves with its exit code and stdout. */
function inspector(
  era: string,
  args: string[],
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) =>
    execFile(
      node,
      [
        bin,
        '--cli',
        serve.mcpUrl!,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${serve.info!.token}`,
        '--protocol-era',
        era,
        '--format',
        'json',
        '--quiet',
        ...args,
      ],
      { env: { PATH: process.env.PATH ?? '', HOME: join(root, 'user') }, maxBuffer: 1 << 24 },
      (err, out, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: stderr }),
    ),
  );
}

/** The JSON output's result. */
const result = <T>(out: string): T => (JSON.parse(out) as { result: T }).result;

describe.each(['legacy', 'modern'])('MCP Inspector CLI, %s era', (era) => {
  it('lists the tools', async () => {
    const r = await inspector(era, ['--method', 'tools/list']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const names = result<{ tools: { name: string }[] }>(r.out).tools.map((t) => t.name);
    expect(names).toEqual(['echo_say', 'skills_read', 'skills_search']);
  });

  it('reads skills/list and its digests pass --verify', async () => {
    const list = await inspector(era, ['--method', 'skills/list']);
    expect(list.code).toBe(0);
    expect(result<{ skills: { uri: string }[] }>(list.out).skills.map((s) => s.uri)).toEqual([
      'skill://echo/SKILL.md',
      'skill://guide/SKILL.md',
    ]);
    const verified = await inspector(era, ['--method', 'skills/list', '--verify']);
    expect({ code: verified.code, err: verified.err }).toEqual({ code: 0, err: '' });
  });

  it('reads a skill:// resource', async () => {
    const r = await inspector(era, [
      '--method',
      'resources/read',
      '--uri',
      'skill://guide/SKILL.md',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Use echo_say.');
  });
});
