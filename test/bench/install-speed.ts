// Install speed against its floor, in one run on one loopback registry (verdaccio with this
// repository's packages published, the rest proxied from the workspace mirror): a skill whose
// only dependency is the SDK installed from the registry (`install.registry`), from its
// tarball (`install.tarball`) and its folder (`install.folder`), updated to its next version
// (`update.registry`), and a second skill with the same SDK once the first is in the store
// (`install.second-skill`). The floor (`install.floor`) is `npm install --omit=dev
// --ignore-scripts <the SDK>` into an empty folder. Every run starts from empty caches on both
// sides (a fresh host home, a fresh npm cache), and the sides alternate within a run, so drift
// on a shared machine hits all of them alike; the first run only warms the registry.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage } from '../support/skill-packages.js';
import { startWorkspaceRegistry, type WorkspaceRegistry } from '../support/workspace-registry.js';
import { summarize, type Figure } from './harness.js';

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

export interface InstallSpeedOptions {
  tmp: string;
  quick: boolean;
  step(s: string): void;
}

const sdkTool = (skill: string) => `
import { SkillError } from '@openclaw/skill-sdk';
export default {
  createTools() {
    return { '${skill}.version': async () => ({ sdk: typeof SkillError }) };
  },
};
`;

interface Sources {
  tarball: string;
  folder: string;
  sdk: string;
}

async function publishSkills(reg: WorkspaceRegistry, tmp: string): Promise<Sources> {
  const sdk = (
    JSON.parse(await readFile(join(ROOT, 'packages/sdk/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const write = (skill: string, version: string) =>
    writeSkillPackage({
      skill,
      version,
      code: sdkTool(skill),
      dependencies: { '@openclaw/skill-sdk': sdk },
    });
  for (const [skill, version] of [
    ['sdkone', '1.0.0'],
    ['sdkone', '1.1.0'],
    ['sdktwo', '1.0.0'],
  ] as const) {
    await reg.registry.publish(await write(skill, version));
  }
  const folder = await write('sdkfolder', '1.0.0');
  const packed = await mkdtemp(join(tmp, 'packed-'));
  const { stdout } = await exec('npm', ['pack', folder, '--pack-destination', packed, '--json'], {
    env: reg.env,
  });
  const tarball = join(packed, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  return { tarball, folder, sdk };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function installSpeedFigures(
  o: InstallSpeedOptions,
): Promise<{ figures: Record<string, Figure>; targets: Array<[string, string, boolean]> }> {
  o.step('install.floor (workspace registry)');
  const reg = await startWorkspaceRegistry();
  const samples: Record<string, number[]> = {};
  const add = (id: string, ms: number, r: number) => {
    if (r > 0) (samples[id] ??= []).push(ms);
  };
  try {
    const src = await publishSkills(reg, o.tmp);
    const runs = o.quick ? 2 : 4;
    for (let r = 0; r <= runs; r++) {
      o.step(`install speed, run ${r}/${runs}`);
      add('install.floor', await floor(reg, o.tmp, src.sdk), r);
      const run = (name: string) => newHost(reg, join(o.tmp, `speed-${r}-${name}`));
      const a = await run('registry');
      try {
        add('install.registry', await timed(() => installed(a, 'oc-skill-sdkone@1.0.0')), r);
        add('update.registry', await timed(() => updated(a, 'sdkone')), r);
        add('install.second-skill', await timed(() => installed(a, 'oc-skill-sdktwo@1.0.0')), r);
      } finally {
        await a.close();
      }
      for (const [id, spec] of [
        ['install.tarball', src.tarball],
        ['install.folder', src.folder],
      ] as const) {
        const h = await run(id);
        try {
          add(id, await timed(() => installed(h, spec)), r);
        } finally {
          await h.close();
        }
      }
    }
  } finally {
    await reg.close();
  }
  const figures = Object.fromEntries(
    Object.entries(samples).map(([id, s]) => [id, summarize(s, 'ms')]),
  );
  return { figures, targets: speedTargets(figures) };
}

function speedTargets(figures: Record<string, Figure>): Array<[string, string, boolean]> {
  const base = figures['install.floor']?.median ?? NaN;
  const ratio = (id: string) => (figures[id]?.median ?? NaN) / base;
  const goal = (id: string, max: number): [string, string, boolean] => [
    `${id} <= ${max} x install.floor`,
    `${ratio(id).toFixed(2)} x (${figures[id]?.median} ms; floor ${base} ms)`,
    ratio(id) <= max,
  ];
  return [
    goal('install.registry', 1.5),
    goal('install.tarball', 1.5),
    goal('install.folder', 1.5),
    goal('update.registry', 1.5),
    goal('install.second-skill', 0.5),
  ];
}

async function newHost(reg: WorkspaceRegistry, root: string): Promise<SkillHost> {
  return createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: join(root, 'user'),
      OPENCLAW_SKILLS_LOG_LEVEL: 'silent',
    },
    config: { runner: 'inline', install: { registry: reg.registry.url } },
    hostTools: false,
  });
}

/** Installs and checks the skill answers (the SDK loaded from its store folder). */
async function installed(host: SkillHost, spec: string): Promise<void> {
  const r = await host.install(spec, { yes: true });
  const call = await host.call({ name: `${r.name}.version`, input: {} });
  if (call.isError) throw new Error(`${spec} installed but failed: ${call.code} ${call.message}`);
}

async function updated(host: SkillHost, name: string): Promise<void> {
  const [r] = await host.update(name, { yes: true });
  if (r?.action !== 'updated') throw new Error(`${name} was not updated: ${r?.action}`);
  const call = await host.call({ name: `${name}.version`, input: {} });
  if (call.isError) throw new Error(`${name} updated but failed: ${call.code} ${call.message}`);
}

/** `npm install --omit=dev --ignore-scripts` of the SDK into an empty folder, empty cache. */
async function floor(reg: WorkspaceRegistry, tmp: string, sdk: string): Promise<number> {
  const dir = await mkdtemp(join(tmp, 'floor-'));
  const args = [
    'install',
    '--omit=dev',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--loglevel=error',
    `--registry=${reg.registry.url}`,
    `--cache=${join(dir, '.cache')}`,
    `@openclaw/skill-sdk@${sdk}`,
  ];
  return timed(() =>
    exec('npm', args, { cwd: dir, env: { ...reg.env, npm_config_prefer_offline: 'false' } }),
  );
}
