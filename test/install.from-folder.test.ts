// Installing from a skill's folder (an author trying their skill before publishing): the folder
// is packed as a publish would pack it, none of its scripts run, and the lockfile keeps the
// folder so `install --frozen` packs it again. A folder needs no registry: the configured one
// is a closed loopback port, so any registry request would fail the install.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { writeSkillPackage } from './support/skill-packages.js';

let tmp: string;
let folder: string;
const hosts: SkillHost[] = [];
const marker = (script: string) => join(tmp, `${script}-ran`);

async function newHost(): Promise<SkillHost> {
  const root = await mkdtemp(join(tmp, 'host-'));
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    config: { runner: 'inline', install: { registry: 'http://127.0.0.1:1/' } },
    hostTools: false,
  });
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-install-folder-'));
  const write = (script: string) =>
    `node -e "require('fs').writeFileSync(${JSON.stringify(marker(script))}, 'ran')"`;
  folder = await writeSkillPackage({
    skill: 'counter',
    version: '1.0.0',
    scripts: Object.fromEntries(
      ['prepare', 'prepack', 'preinstall', 'postinstall'].map((s) => [s, write(s)]),
    ),
  });
});

afterAll(async () => {
  for (const h of hosts) await h.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('install from a folder', () => {
  it('installs the folder, its tool answers, and no prepare/prepack/preinstall/postinstall script runs', async () => {
    const host = await newHost();
    const r = await host.install(folder, { yes: true });
    expect(r).toMatchObject({ name: 'counter', version: '1.0.0' });
    expect(r.summary?.scripts.sort()).toEqual(['postinstall', 'preinstall', 'prepack', 'prepare']);
    const call = await host.call({ name: 'counter.version', input: {} });
    expect(call).toMatchObject({ isError: false, structured: { version: '1.0.0' } });
    for (const s of ['prepare', 'prepack', 'preinstall', 'postinstall']) {
      expect(existsSync(marker(s)), `${s} ran`).toBe(false);
    }
  });

  it('the lockfile records the folder; install --frozen on a clean home packs it again with the same integrity', async () => {
    const first = await newHost();
    await first.install(folder, { yes: true });
    const lock = await readFile(join(first.home, 'skills.lock.json'), 'utf8');
    const entry = (JSON.parse(lock) as { skills: Record<string, Record<string, string>> }).skills
      .counter!;
    expect(entry.resolved).toBe(`file:${folder}`);
    expect(entry.integrity).toMatch(/^sha512-/);

    const second = await newHost();
    await mkdir(second.home, { recursive: true });
    await writeFile(join(second.home, 'skills.lock.json'), lock);
    const results = await second.installFrozen({ yes: true });
    expect(results.map((r) => [r.name, r.version])).toEqual([['counter', '1.0.0']]);
    const again = JSON.parse(await readFile(join(second.home, 'skills.lock.json'), 'utf8')) as {
      skills: Record<string, Record<string, string>>;
    };
    expect(again.skills.counter!.integrity).toBe(entry.integrity);
    expect(existsSync(marker('prepare'))).toBe(false);
  });
});
