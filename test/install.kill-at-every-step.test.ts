// Crash consistency of install, update, remove and rollback, end to end: the built CLI runs as
// its own process on a temp home (tarball sources, plus one loopback registry for the steps
// only a registry install has), is sent SIGKILL when it prints a given progress step, and
// afterwards `doctor` reports what was left, `doctor --fix` repairs it, and `list`, the
// store's `current` link and skills.lock.json name one version: the old one or the new one.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from './support/skill-packages.js';
import { startRegistry, type TestRegistry } from './support/verdaccio.js';

const exec = promisify(execFile);
const repo = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(repo, 'packages/cli/package.json'), 'utf8')) as {
  bin: Record<string, string>;
};
const bin = join(repo, 'packages/cli', pkg.bin['openclaw-skill']!);

let root: string;
let registry: TestRegistry;
const tarballs: Record<string, string> = {};
/** Homes prepared once: counter@1.0.0 installed; then updated to 2.0.0. */
const templates: Record<'v1' | 'v2', string> = { v1: '', v2: '' };

// Only what the CLI needs: a temp HOME, npm pointed at the loopback registry, and a session
// bus that does not exist (doctor's keychain probe never reaches a real keychain).
const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: join(root, 'user'),
  npm_config_userconfig: registry.npmrc,
  npm_config_cache: join(root, 'npm-cache'),
  npm_config_registry: registry.url,
  npm_config_update_notifier: 'false',
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
});

async function cli(home: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      [bin, ...args, '--home', home, '--workspace', join(root, 'ws')],
      { env: env() },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

async function pack(dir: string): Promise<string> {
  const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', root, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(root, 'npm-cache') },
  });
  return join(root, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

/** A home whose config asks a policy command (so the `policy` step is printed too). */
async function newHome(): Promise<string> {
  const home = await mkdtemp(join(root, 'home-'));
  const policy = join(root, 'policy.mjs');
  await writeFile(
    join(home, 'config.json'),
    JSON.stringify({
      install: { registry: registry.url, policyCommand: `node ${policy}` },
      runner: 'worker',
    }),
  );
  return home;
}

async function copyHome(from: string): Promise<string> {
  const home = await mkdtemp(join(root, 'home-'));
  await cp(from, home, { recursive: true, verbatimSymlinks: true });
  return home;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-kill-'));
  await mkdir(join(root, 'ws'));
  await mkdir(join(root, 'user'));
  await writeFile(
    join(root, 'policy.mjs'),
    `process.stdin.resume(); process.stdin.on('end', () => console.log(JSON.stringify({ decision: 'allow' })));`,
  );
  registry = await startRegistry();
  for (const version of ['1.0.0', '2.0.0']) {
    tarballs[version] = await pack(await writeSkillPackage({ skill: 'counter', version }));
  }
  await registry.publish(
    await writeSkillPackage({
      skill: 'leftpad',
      package: 'oc-left-pad',
      version: '1.0.0',
      notASkill: true,
    }),
  );
  await registry.publish(
    await writeSkillPackage({
      skill: 'counter',
      version: '3.0.0',
      dependencies: { 'oc-left-pad': '1.0.0' },
    }),
  );
  templates.v1 = await newHome();
  expect((await cli(templates.v1, 'install', tarballs['1.0.0']!, '--yes')).code).toBe(0);
  templates.v2 = await copyHome(templates.v1);
  expect((await cli(templates.v2, 'install', tarballs['2.0.0']!, '--yes')).code).toBe(0);
}, 240_000);

afterAll(async () => {
  await registry?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * Runs the CLI and sends SIGKILL as soon as it prints `· <step>` on stderr. Resolves with
 * whether the step was seen and how the process ended.
 */
function killAt(home: string, step: string, args: string[]) {
  return new Promise<{ seen: boolean; signal: NodeJS.Signals | null; stderr: string }>((done) => {
    const child = spawn(
      process.execPath,
      [bin, ...args, '--home', home, '--workspace', join(root, 'ws')],
      { env: env(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    let seen = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (
        !seen &&
        stderr.split('\n').some((l) => l === `· ${step}` || l.startsWith(`· ${step} `))
      ) {
        seen = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (_code, signal) => done({ seen, signal, stderr }));
  });
}

interface State {
  lock: string | undefined;
  current: string | undefined;
  listed: string | undefined;
}

async function stateOf(home: string): Promise<State> {
  // `list` first: it opens the home, which settles what a killed process left.
  const list = await cli(home, 'list', '--json');
  expect(list.code).toBe(0);
  const listed = (
    JSON.parse(list.stdout) as { name: string; version: string; source: string }[]
  ).find((s) => s.name === 'counter' && s.source === 'store')?.version;
  const lockFile = join(home, 'skills.lock.json');
  const lock = existsSync(lockFile)
    ? (
        JSON.parse(await readFile(lockFile, 'utf8')) as {
          skills: Record<string, { version: string }>;
        }
      ).skills.counter?.version
    : undefined;
  const current = await readlink(join(home, 'store', 'counter', 'current')).catch(() => undefined);
  return { lock, current, listed };
}

interface Doctor {
  code: number;
  installs: { status: string; message: string }[];
  fixed: { message: string }[];
}

async function doctor(home: string, ...flags: string[]): Promise<Doctor> {
  const r = await cli(home, 'doctor', '--json', ...flags);
  const out = JSON.parse(r.stdout) as {
    checks: { name: string; status: string; message: string }[];
    fixed: { message: string }[];
  };
  return {
    code: r.code,
    installs: out.checks.filter((c) => c.name === 'installs'),
    fixed: out.fixed,
  };
}

interface Case {
  op: string;
  from: 'none' | 'v1' | 'v2';
  args: () => string[];
  steps: string[];
  /** The version before and after the operation (undefined: not installed). */
  old: string | undefined;
  new: string | undefined;
}

const cases: Case[] = [
  {
    op: 'install',
    from: 'none',
    args: () => ['install', tarballs['1.0.0']!, '--yes'],
    steps: ['resolve', 'fetch', 'inspect', 'policy', 'store', 'load', 'lockfile', 'prune'],
    old: undefined,
    new: '1.0.0',
  },
  {
    op: 'update',
    from: 'v1',
    args: () => ['install', tarballs['2.0.0']!, '--yes'],
    steps: ['resolve', 'fetch', 'inspect', 'policy', 'store', 'load', 'lockfile', 'prune'],
    old: '1.0.0',
    new: '2.0.0',
  },
  {
    op: 'update from the registry, with a dependency',
    from: 'v1',
    args: () => ['install', 'oc-skill-counter@3.0.0', '--yes'],
    steps: ['fetch', 'dependencies', 'store', 'load', 'lockfile'],
    old: '1.0.0',
    new: '3.0.0',
  },
  {
    op: 'remove',
    from: 'v2',
    args: () => ['remove', 'counter'],
    steps: ['remove', 'load', 'lockfile', 'prune'],
    old: '2.0.0',
    new: undefined,
  },
  {
    op: 'rollback',
    from: 'v2',
    args: () => ['rollback', 'counter'],
    steps: ['rollback', 'load', 'lockfile', 'prune'],
    old: '2.0.0',
    new: '1.0.0',
  },
];

describe('SIGKILL at every step the installer prints', () => {
  for (const c of cases) {
    for (const step of c.steps) {
      it(`${c.op}, killed at "${step}": doctor reports what was left, doctor --fix repairs it, and list, current and skills.lock.json name the old or the new version`, async ({
        annotate,
      }) => {
        const home = c.from === 'none' ? await newHome() : await copyHome(templates[c.from]);
        const killed = await killAt(home, step, c.args());
        expect(killed.seen, killed.stderr).toBe(true);

        const before = await doctor(home);
        const reported = before.installs.filter((i) => i.status !== 'ok');
        expect(before.code).toBe(reported.length > 0 ? 1 : 0);

        const fixed = await doctor(home, '--fix');
        expect(fixed.installs.filter((i) => i.status !== 'ok')).toEqual([]);
        expect(fixed.code).toBe(0);
        // What doctor reported is what --fix repaired: both or neither.
        expect(fixed.fixed.length > 0).toBe(reported.length > 0);

        const after = await stateOf(home);
        expect(after.current).toBe(after.lock);
        expect(after.listed).toBe(after.lock);
        expect([c.old, c.new]).toContain(after.lock);
        // Nothing half done is left: no journal, no staging folder.
        expect(await readdir(join(home, 'store', '.journal')).catch(() => [])).toEqual([]);
        expect(await readdir(join(home, 'store', '.staging')).catch(() => [])).toEqual([]);
        await annotate(
          `${killed.signal === 'SIGKILL' ? 'killed' : 'finished before the kill'}; ended on the ${after.lock === c.new ? 'new' : 'old'} side (${after.lock ?? 'not installed'}); doctor reported ${reported.length}, fixed ${fixed.fixed.length}`,
        );
      }, 120_000);
    }
  }

  it('an update killed at "load" is settled by the next command that opens the home (list), without doctor', async () => {
    const home = await copyHome(templates.v1);
    const killed = await killAt(home, 'load', ['install', tarballs['2.0.0']!, '--yes']);
    expect(killed.seen).toBe(true);
    const after = await stateOf(home);
    expect(after.current).toBe(after.lock);
    expect(after.listed).toBe(after.lock);
    expect((await doctor(home)).installs.filter((i) => i.status !== 'ok')).toEqual([]);
  }, 120_000);
});
