// Scans in fresh processes (scan-child.mjs): `scan.N` with the scan cache a previous start
// left (an agent restart, every CLI command), `scan.N.nocache` reading and parsing every
// folder, and `scan.1000.floor` (floor-child.mjs): a fresh process that only lists the same
// 1,000 folders, reads each SKILL.md and gray-matter-parses it, the least any scan without
// a cache can do. nocache and floor runs are interleaved so machine load falls on both.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateSkills } from './generate.js';
import { summarize, type Figure } from './harness.js';

const exec = promisify(execFile);
const here = import.meta.dirname;

export interface ScanFigures {
  figures: Record<string, Figure>;
  /** [what, value, met] lines for the targets table. */
  targets: Array<[string, string, boolean]>;
}

async function child(script: string, args: string[]) {
  const { stdout } = await exec(process.execPath, [join(here, script), ...args]);
  return JSON.parse(stdout) as { scanMs: number; importMs?: number; skills: number };
}

export async function benchScan(
  tmp: string,
  step: (s: string) => void,
  quick: boolean,
): Promise<ScanFigures> {
  const figures: Record<string, Figure> = {};
  for (const n of [100, 1000]) {
    step(`scan.${n}`);
    const ws = join(tmp, `scan-${n}`);
    await generateSkills(join(ws, 'skills'), n);
    const runs = quick ? 3 : n === 100 ? 25 : 15;
    const scanArgs = (mode: string) => [ws, join(tmp, `home-${n}`), join(tmp, 'user'), mode];
    const samples: Record<string, number[]> = { cache: [], nocache: [], floor: [] };
    const imports: number[] = [];
    for (let r = 0; r < runs; r++) {
      const cached = await child('scan-child.mjs', scanArgs('cache'));
      const fresh = await child('scan-child.mjs', scanArgs('nocache'));
      const floor = n === 1000 ? await child('floor-child.mjs', [join(ws, 'skills')]) : undefined;
      for (const out of [cached, fresh, ...(floor ? [floor] : [])])
        if (out.skills < n) throw new Error(`scan.${n} found ${out.skills} skills`);
      imports.push(cached.importMs ?? 0);
      // The first round warms the OS file cache (and writes the scan cache).
      if (r === 0) continue;
      samples.cache!.push(cached.scanMs);
      samples.nocache!.push(fresh.scanMs);
      if (floor) samples.floor!.push(floor.scanMs);
    }
    figures[`scan.${n}`] = summarize(samples.cache!, 'ms');
    figures[`scan.${n}.nocache`] = summarize(samples.nocache!, 'ms');
    if (n === 1000) {
      figures['scan.1000.floor'] = summarize(samples.floor!, 'ms');
      figures['host.import'] = summarize(imports, 'ms');
    }
  }
  const nocache = figures['scan.1000.nocache']!.median;
  const floor = figures['scan.1000.floor']!.median;
  return {
    figures,
    targets: [
      [
        'scan.1000.nocache <= 1.5 x scan.1000.floor',
        `${(nocache / floor).toFixed(2)} x (floor ${floor} ms)`,
        nocache <= 1.5 * floor,
      ],
    ],
  };
}
