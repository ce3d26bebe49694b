// Fresh-process cost of the `openclaw-skill` command, as ratios to a bare `node -e 0` timed
// in the same rounds: `cli.help` (`--help`) and `cli.list` (`list` on the repository's
// bundled skills, with the scan cache its first run leaves, as every later command has).
// Runs are interleaved so machine load falls on all three alike. The children get only PATH
// and HOME: an inherited NODE_OPTIONS or NODE_EXTRA_CA_CERTS would slow every `node` alike and
// flatter the ratios.
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { summarize, type Figure } from './harness.js';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');

export interface CliFigures {
  figures: Record<string, Figure>;
  /** [what, value, met] lines for the targets table. */
  targets: Array<[string, string, boolean]>;
}

export async function benchCli(tmp: string, rounds: number): Promise<CliFigures> {
  const pkg = JSON.parse(await readFile(join(repo, 'packages/cli/package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  const bin = join(repo, 'packages/cli', pkg.bin['openclaw-skill']!);
  const userHome = join(tmp, 'cli-user');
  await mkdir(userHome, { recursive: true });
  const env = { PATH: process.env.PATH, HOME: userHome };
  const runs: Record<string, string[]> = {
    'node.empty': ['-e', '0'],
    'cli.help': [bin, '--help'],
    'cli.list': [bin, 'list', '--home', join(tmp, 'cli-home')],
  };
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(runs).map((id) => [id, []]),
  );
  // Round 0 warms the OS file cache and writes the scan cache; it is not counted.
  for (let r = 0; r <= rounds; r++) {
    for (const [id, args] of Object.entries(runs)) {
      const start = performance.now();
      await exec(process.execPath, args, { cwd: repo, env });
      if (r > 0) samples[id]!.push(performance.now() - start);
    }
  }
  const figures = Object.fromEntries(
    Object.entries(samples).map(([id, s]) => [id, summarize(s, 'ms')]),
  );
  // Each round's runs sit close in time, so they share the machine's load of that moment: the
  // median of the per-round ratios is steadier than a ratio of medians on a busy machine.
  const ratio = (id: string) =>
    summarize(
      samples[id]!.map((t, i) => t / samples['node.empty']![i]!),
      'count',
    ).median;
  const help = ratio('cli.help');
  const list = ratio('cli.list');
  return {
    figures,
    targets: [
      ['cli.help <= 1.5 x node -e 0', `${help.toFixed(2)} x`, help <= 1.5],
      ['cli.list <= 2.0 x node -e 0', `${list.toFixed(2)} x`, list <= 2.0],
    ],
  };
}
