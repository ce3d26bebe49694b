// `openclaw-skill doctor` on the dependency copies installed skills share: how many, their
// size and where, and how much of it no installed version links to any more.
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';

interface Check {
  name: string;
  status: string;
  message: string;
}

const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
let home: string;

beforeAll(async () => {
  // The keychain probe must never reach a real keychain.
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus';
  home = await mkdtemp(join(tmpdir(), 'oc-doctor-shared-'));
});

afterAll(async () => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
  await rm(home, { recursive: true, force: true });
});

async function sharedCheck(): Promise<Check> {
  const io = memoryIo({ env: { HOME: home } });
  await run(['doctor', '--json', '--home', home], io);
  return (JSON.parse(io.out) as { checks: Check[] }).checks.find((c) => c.name === 'shared')!;
}

describe('openclaw-skill doctor, shared dependency copies', () => {
  it('reports none for a home without installs', async () => {
    expect(await sharedCheck()).toEqual({
      name: 'shared',
      status: 'ok',
      message: `0 shared dependency package(s), 0.0 MB in ${join(home, 'store', '.shared')}`,
    });
  });

  it('counts a copy no installed version links to as unused, and one a skill links to as used', async () => {
    const pkg = join(home, 'store', '.shared', 'pkg');
    await mkdir(join(pkg, 'used'), { recursive: true });
    await mkdir(join(pkg, 'unused'), { recursive: true });
    await writeFile(join(pkg, 'used', 'index.js'), 'x'.repeat(300_000));
    await writeFile(join(pkg, 'unused', 'index.js'), 'y'.repeat(200_000));
    const skill = join(home, 'store', 'alpha', '1.0.0', 'node_modules', 'used');
    await mkdir(skill, { recursive: true });
    await link(join(pkg, 'used', 'index.js'), join(skill, 'index.js'));
    expect((await sharedCheck()).message).toBe(
      `2 shared dependency package(s), 0.5 MB in ${join(home, 'store', '.shared')}; 1 no longer used (0.2 MB), collected at the next install, update, rollback or remove`,
    );
  });
});
