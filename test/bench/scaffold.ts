// Scaffold to green against a well-known baseline, in one run on one loopback registry:
// `scaffold.tool` is `npm create openclaw-skill` (the tool template, which installs) then
// `npm test` in the new skill; `scaffold.vite` is `npm create vite -- --template vanilla-ts`,
// `npm install` and `npm run build`. The registry is verdaccio on 127.0.0.1 with this
// repository's packages published as a release would publish them, proxying everything else
// to the machine's own npm registry (`npm config get registry`). Both sides run from an empty
// npm cache in a fresh HOME, alternating, after one unmeasured run of each has filled
// verdaccio's uplink cache (else the first run measures the uplink, not the tools).
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startRegistry, type TestRegistry } from '../support/verdaccio.js';
import { publishOurs } from '../support/workspace-registry.js';
import { summarize, type Figure } from './harness.js';

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
/** The baseline's scaffolder, pinned so the figure does not move with its releases. */
export const CREATE_VITE = '9.3.0';

export interface ScaffoldBenchOptions {
  tmp: string;
  quick: boolean;
  step(s: string): void;
}

export interface ScaffoldBench {
  figures: Record<string, Figure>;
  targets: Array<[string, string, boolean]>;
  notes: string[];
}

/** The registry npm uses on this machine, as its own config says. */
async function machineRegistry(): Promise<string> {
  const { stdout } = await exec('npm', ['config', 'get', 'registry']);
  const url = stdout.trim();
  if (!/^https?:\/\//.test(url)) throw new Error(`npm config get registry answered "${url}"`);
  return url;
}

/**
 * Environment for one side of one run: a fresh HOME and npm cache, the registry's npmrc,
 * nothing inherited from the pnpm running the bench (its npm_config_* and user agent).
 */
function sideEnv(reg: TestRegistry, dir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: join(dir, 'home'),
    npm_config_userconfig: reg.npmrc,
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_registry: reg.url,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    // `npm create` asks before it installs the scaffolder; nobody is there to answer.
    npm_config_yes: 'true',
  };
}

/** Runs one npm command; resolves with how long it took (ms). */
async function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  await exec('npm', args, { cwd, env, maxBuffer: 64 << 20 }).catch(
    (e: { stdout?: string; stderr?: string }) => {
      const tail = `${e.stdout ?? ''}\n${e.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
      throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${tail}`);
    },
  );
  return Math.round(performance.now() - t0);
}

interface Side {
  id: 'scaffold.tool' | 'scaffold.vite';
  /**
   * Runs the side in `dir` (empty); resolves when its last command passed, with each
   * command's time (ms) by phase name.
   */
  run(dir: string, env: NodeJS.ProcessEnv, registry: string): Promise<Record<string, number>>;
}

function sides(createVersion: string): Side[] {
  return [
    {
      id: 'scaffold.tool',
      async run(dir, env, registry) {
        // The scaffolder installs the skill's dependencies itself (npm, from the user agent).
        const create = await npm(
          [
            'create',
            `openclaw-skill@${createVersion}`,
            '--registry',
            registry,
            'my-skill',
            '--',
          ].concat(['--template', 'tool', '--yes', '--no-git']),
          dir,
          env,
        );
        const test = await npm(['test', '--registry', registry], join(dir, 'my-skill'), env);
        return { 'create+install': create, test };
      },
    },
    {
      id: 'scaffold.vite',
      async run(dir, env, registry) {
        const create = await npm(
          ['create', `vite@${CREATE_VITE}`, '--registry', registry, 'my-app', '--'].concat([
            '--template',
            'vanilla-ts',
            '--no-interactive',
          ]),
          dir,
          env,
        );
        const app = join(dir, 'my-app');
        const install = await npm(['install', '--registry', registry], app, env);
        const build = await npm(['run', 'build', '--registry', registry], app, env);
        return { create, install, build };
      },
    },
  ];
}

/** Packages in a tree and those with install scripts, from npm's hidden lockfile. */
export async function treeFacts(dir: string): Promise<{ packages: number; scripts: string[] }> {
  const lock = JSON.parse(
    await readFile(join(dir, 'node_modules', '.package-lock.json'), 'utf8'),
  ) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const paths = Object.keys(lock.packages).filter((p) => p.includes('node_modules/'));
  return {
    packages: paths.length,
    scripts: paths.filter((p) => lock.packages[p]!.hasInstallScript),
  };
}

export async function scaffoldFigures(o: ScaffoldBenchOptions): Promise<ScaffoldBench> {
  const uplink = await machineRegistry();
  o.step(`scaffold: verdaccio proxying ${uplink}, publishing this repository's packages`);
  const reg = await startRegistry({
    // Metadata fetched by the warm-up run stays trusted for the whole bench: the runs measure
    // npm and the tools, not the machine's registry.
    uplink: { url: uplink, local: ['@openclaw/*', 'create-openclaw-skill'], maxage: '1h' },
  });
  const samples: Record<string, number[]> = {};
  let facts: { packages: number; scripts: string[] } | undefined;
  try {
    await publishOurs(reg.env);
    const { version } = JSON.parse(
      await readFile(join(ROOT, 'packages/create-openclaw-skill/package.json'), 'utf8'),
    ) as { version: string };
    const runs = o.quick ? 1 : 3;
    // Run 0 fills verdaccio's uplink cache for both trees and is not counted.
    for (let r = 0; r <= runs; r++) {
      for (const side of sides(version)) {
        o.step(`${side.id}, run ${r}/${runs}${r === 0 ? ' (warms the registry)' : ''}`);
        const dir = join(o.tmp, `scaffold-${r}-${side.id}`);
        await mkdir(join(dir, 'home'), { recursive: true });
        const phases = await side.run(dir, sideEnv(reg, dir), reg.url);
        if (r > 0) {
          // The whole side, then each phase as its own figure (where the time goes).
          (samples[side.id] ??= []).push(Object.values(phases).reduce((a, b) => a + b, 0));
          for (const [phase, ms] of Object.entries(phases))
            (samples[`${side.id}.${phase}`] ??= []).push(ms);
        }
        if (side.id === 'scaffold.tool') facts = await treeFacts(join(dir, 'my-skill'));
      }
    }
  } finally {
    await reg.close();
  }
  const figures: Record<string, Figure> = Object.fromEntries(
    Object.entries(samples).map(([id, s]) => [id, summarize(s, 'ms')]),
  );
  if (facts) {
    figures['scaffold.tool.packages'] = summarize([facts.packages], 'count');
    figures['scaffold.tool.install-scripts'] = summarize([facts.scripts.length], 'count');
  }
  const tool = figures['scaffold.tool']?.median ?? NaN;
  const vite = figures['scaffold.vite']?.median ?? NaN;
  const ratio = tool / vite;
  return {
    figures,
    targets: [
      [
        'scaffold.tool <= 1.5 x scaffold.vite',
        `${ratio.toFixed(2)} x (${tool} ms; create vite@${CREATE_VITE} + install + build ${vite} ms)`,
        ratio <= 1.5,
      ],
      [
        'scaffold.tool.packages <= 150',
        `${facts?.packages} packages in the skill's node_modules`,
        (facts?.packages ?? Infinity) <= 150,
      ],
      [
        'scaffold.tool.install-scripts = 0',
        `${facts?.scripts.length} package(s) with install scripts`,
        facts?.scripts.length === 0,
      ],
    ],
    notes: facts?.scripts.length
      ? [`scaffold.tool: packages with install scripts: ${facts.scripts.join(', ')}`]
      : [],
  };
}
