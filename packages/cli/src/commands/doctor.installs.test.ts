import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

const exec = promisify(execFile);
let root: string;
let home: string;
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;

/** A skill package as `npm pack` makes it, with no code (SKILL.md only). */
async function tarball(version: string): Promise<string> {
  const dir = join(root, `counter-${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'oc-skill-counter', version, files: ['SKILL.md'] }),
  );
  await writeFile(
    join(dir, 'SKILL.md'),
    `---\nname: counter\ndescription: Counter ${version}.\n---\n\n# Counter\n`,
  );
  const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', root, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(root, 'npm-cache') },
  });
  return join(root, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

async function cli(...args: string[]) {
  const io = memoryIo({ env: { PATH: process.env.PATH ?? '', HOME: join(root, 'user') } });
  const code = await run([...args, '--home', home, '--workspace', join(root, 'ws')], io);
  return { code, out: io.out, err: io.err };
}

beforeAll(async () => {
  // doctor's keychain probe must never reach a real session bus.
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus';
  root = await mkdtemp(join(tmpdir(), 'oc-doctor-installs-'));
  home = join(root, 'home');
  await mkdir(join(root, 'ws'), { recursive: true });
  for (const v of ['1.0.0', '2.0.0']) {
    expect((await cli('install', await tarball(v), '--yes')).code).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
  if (root) await rm(root, { recursive: true, force: true });
});

interface DoctorJson {
  checks: { name: string; status: string; message: string; hint?: string }[];
  fixed: { name?: string; action: string; message: string }[];
}

describe('doctor and the installed skills', () => {
  it('a lockfile that says 1.0.0 while the store serves 2.0.0 is a failed check naming both, with doctor --fix as the hint', async () => {
    const lockFile = join(home, 'skills.lock.json');
    const lock = JSON.parse(await readFile(lockFile, 'utf8')) as {
      skills: Record<string, unknown>;
    };
    lock.skills.counter = JSON.parse(
      await readFile(join(home, 'store', 'counter', '1.0.0.lock.json'), 'utf8'),
    );
    await writeFile(lockFile, JSON.stringify(lock));

    const r = await cli('doctor', '--json');
    expect(r.code).toBe(1);
    const installs = (JSON.parse(r.out) as DoctorJson).checks.filter((c) => c.name === 'installs');
    expect(installs).toEqual([
      {
        name: 'installs',
        status: 'fail',
        message: 'the lockfile lists counter@1.0.0; the store serves 2.0.0',
        hint: expect.stringContaining('openclaw-skill doctor --fix'),
      },
    ]);
    expect(await readlink(join(home, 'store', 'counter', 'current'))).toBe('2.0.0');
  });

  it('doctor --fix makes the store serve what the lockfile lists, says so, and doctor is then all ok', async () => {
    const r = await cli('doctor', '--fix', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as DoctorJson;
    expect(out.fixed).toEqual([
      {
        name: 'counter',
        action: 'finished',
        message: 'the store now serves counter@1.0.0, as the lockfile lists',
      },
    ]);
    expect(await readlink(join(home, 'store', 'counter', 'current'))).toBe('1.0.0');
    const again = JSON.parse((await cli('doctor', '--json')).out) as DoctorJson;
    expect(again.checks.filter((c) => c.name === 'installs')).toEqual([
      {
        name: 'installs',
        status: 'ok',
        message: `the store and ${join(home, 'skills.lock.json')} agree`,
      },
    ]);
  });
});
