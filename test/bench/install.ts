// Install and reload figures: `install.registry.no-deps` (a small skill without dependencies installed from a
// verdaccio registry on loopback into a running host, fetch to swap), `reload.snapshot` (a
// saved SKILL.md to the new snapshot through host.watch, the 250 ms debounce included), and
// what a rescan of 1,000 skills does to calls beside it: `rescan.1000.call` against
// `rescan.1000.call-idle` (the same call loop without a rescan), in one run.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage } from '../support/skill-packages.js';
import { startRegistry } from '../support/verdaccio.js';
import { writeEchoSkill } from './dispatch.js';
import { generateSkills, skillMd } from './generate.js';
import { summarize, type Figure } from './harness.js';

export interface InstallBenchOptions {
  tmp: string;
  quick: boolean;
  step(s: string): void;
}

const quiet = { OPENCLAW_SKILLS_LOG_LEVEL: 'silent' };

export async function installFigures(o: InstallBenchOptions): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};

  o.step('install.registry.no-deps');
  const registry = await startRegistry();
  try {
    await registry.publish(await writeSkillPackage({ skill: 'benchy', version: '1.0.0' }));
    const samples: number[] = [];
    const runs = o.quick ? 3 : 10;
    for (let r = 0; r <= runs; r++) {
      // A fresh home each time: installing the installed version again is a no-op.
      const host = await createSkillHost({
        home: join(o.tmp, `install-home-${r}`),
        workspace: join(o.tmp, 'install-ws'),
        userHome: join(o.tmp, 'user'),
        env: { PATH: process.env.PATH ?? '', ...registry.env, ...quiet },
        config: { runner: 'inline', install: { registry: registry.url } },
      });
      const t0 = performance.now();
      await host.install('oc-skill-benchy@1.0.0', { yes: true });
      const ms = performance.now() - t0;
      const ok = await host.call({ name: 'benchy.version', input: {} });
      if (ok.isError) throw new Error(`installed skill failed: ${ok.code}`);
      if (r > 0) samples.push(ms); // the first run warms pacote and the registry
      await host.close();
    }
    figures['install.registry.no-deps'] = summarize(samples, 'ms');
  } finally {
    await registry.close();
  }

  // A workspace of 1,000 skills plus the echo skill the calls go to.
  const ws = join(o.tmp, 'reload-ws');
  await generateSkills(join(ws, 'skills'), 1000);
  await writeEchoSkill(ws);
  const host = await createSkillHost({
    workspace: ws,
    home: join(o.tmp, 'reload-home'),
    userHome: join(o.tmp, 'user'),
    env: quiet,
    config: { audit: { enabled: false } },
  });
  try {
    o.step('reload.snapshot');
    figures['reload.snapshot'] = await reloadSnapshot(host, join(ws, 'skills'), o.quick ? 3 : 10);
    o.step('rescan.1000.call');
    Object.assign(figures, await callsDuringRescans(host, o.quick ? 3 : 10));
  } finally {
    await host.close();
  }
  return figures;
}

async function reloadSnapshot(host: SkillHost, skills: string, runs: number): Promise<Figure> {
  const watcher = await host.watch();
  const samples: number[] = [];
  try {
    for (let r = 0; r <= runs; r++) {
      const name = 'bench-skill-0001';
      const changed = new Promise<void>((resolve) => {
        const on = () => {
          host.off('reload', on);
          resolve();
        };
        host.on('reload', on);
      });
      const t0 = performance.now();
      await writeFile(
        join(skills, name, 'SKILL.md'),
        skillMd(name, 1).replace('Helps', `Run ${r} helps`),
      );
      await changed;
      if (r > 0) samples.push(performance.now() - t0);
    }
  } finally {
    await watcher.close();
  }
  return summarize(samples, 'ms');
}

/** Per-call latency of a closed loop of calls, with and without back-to-back rescans. */
async function callsDuringRescans(
  host: SkillHost,
  rescans: number,
): Promise<Record<string, Figure>> {
  const loop = async (during: () => Promise<void>) => {
    const lat: number[] = [];
    let stop = false;
    const caller = (async () => {
      while (!stop) {
        const t = performance.now();
        await host.call({ name: 'echo.say', input: { text: 'x' } });
        lat.push((performance.now() - t) * 1000);
        // One event-loop turn between calls, as an agent loop does I/O between them.
        await new Promise(setImmediate);
      }
    })();
    await during();
    stop = true;
    await caller;
    return lat;
  };
  await host.call({ name: 'echo.say', input: { text: 'warm' } });
  let n = 0;
  const busy = await loop(async () => {
    for (let i = 0; i < rescans; i++) {
      await host.rescan();
      n++;
    }
  });
  const idle = await loop(() => new Promise((r) => setTimeout(r, 200)));
  if (n !== rescans) throw new Error('rescans did not finish');
  return {
    'rescan.1000.call': summarize(busy, 'us'),
    'rescan.1000.call-idle': summarize(idle, 'us'),
  };
}
