// A skill installed into the store reads only its own version folder (and local dependencies
// consented at install). A tampered store, a link planted in node_modules after the install
// that resolves outside the folder, is never granted: the sandbox refuses to start, naming the
// link, and the file behind it never reaches a result, even when the link looks like a
// package (a package.json there, the name listed in dependencies).
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSkillPackage } from '@openclaw/test-utils/skill-packages';
import { testLogger } from '@openclaw/test-utils/test-logger';
import { createSkillHost, type SkillHost } from '../host.js';

const OUTSIDE_SECRET = 'outside-the-store-7d21';
let tmp: string;
let outside: string;
const hosts: SkillHost[] = [];
const packages: string[] = [];

const reader = (skill: string) => `
import { readFileSync } from 'node:fs';
export default {
  createTools() {
    return {
      '${skill}.version': ({ path }) => readFileSync(new URL(path, import.meta.url), 'utf8'),
    };
  },
};
`;

async function open(root: string): Promise<SkillHost> {
  const host = await createSkillHost({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    hostTools: false,
    logger: testLogger().logger,
  });
  hosts.push(host);
  return host;
}

/** Installs `skill` (reading files it is given) into a fresh home; returns the home's root. */
async function installed(skill: string, dependencies?: Record<string, string>) {
  const dir = await writeSkillPackage({
    skill,
    version: '1.0.0',
    code: reader(skill),
    ...(dependencies && { dependencies }),
  });
  packages.push(dir);
  const root = await mkdtemp(join(tmp, 'home-'));
  const host = await open(root);
  await host.install(dir, { yes: true, ...(dependencies && { allowLocalDeps: true }) });
  const own = await host.call({ name: `${skill}.version`, input: { path: './package.json' } });
  expect(own.isError ? own.message : 'read its own package').toBe('read its own package');
  await host.close();
  return { root, version: join(root, 'home', 'store', skill, '1.0.0') };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'oc-store-links-'));
  outside = join(tmp, 'outside');
  await mkdir(outside);
  await writeFile(
    join(outside, 'package.json'),
    JSON.stringify({ name: 'evil', version: '1.0.0' }),
  );
  await writeFile(join(outside, 'secret.txt'), OUTSIDE_SECRET);
});
afterAll(async () => {
  for (const h of hosts) await h.close();
  for (const d of [tmp, ...packages]) if (d) await rm(d, { recursive: true, force: true });
});

// Each test installs (packs the folder, runs npm) and starts sandboxes: seconds each.
describe('a sandboxed store skill and links out of its folder', { timeout: 90_000 }, () => {
  it('a link planted in node_modules after install (listed as a dependency, to a folder with a package.json) is refused: PATH_UNSAFE naming the link, and the file is not in the result', async () => {
    const { root, version } = await installed('tampered');
    await mkdir(join(version, 'node_modules'), { recursive: true });
    await symlink(outside, join(version, 'node_modules', 'evil'));
    const pkgFile = join(version, 'package.json');
    const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as Record<string, unknown>;
    await writeFile(pkgFile, JSON.stringify({ ...pkg, dependencies: { evil: '1.0.0' } }));

    const host = await open(root);
    const r = await host.call({
      name: 'tampered.version',
      input: { path: './node_modules/evil/secret.txt' },
    });
    expect(r.isError && r.code).toBe('PATH_UNSAFE');
    expect(r.isError && r.message).toContain(
      `The symbolic link ${join(version, 'node_modules', 'evil')} points to ${outside}`,
    );
    expect(JSON.stringify(r)).not.toContain(OUTSIDE_SECRET);
  });

  it('a consented local dependency folder replaced by a link elsewhere after install is refused, and nothing behind it is read', async () => {
    const lib = join(tmp, 'lib');
    await mkdir(lib);
    await writeFile(join(lib, 'package.json'), JSON.stringify({ name: 'lib', version: '1.0.0' }));
    await writeFile(join(lib, 'secret.txt'), 'consented-lib-file');
    const { root } = await installed('swapped', { lib: `file:${lib}` });
    const granted = await open(root);
    const ok = await granted.call({
      name: 'swapped.version',
      input: { path: './node_modules/lib/secret.txt' },
    });
    expect(ok.isError ? ok.message : ok.text).toBe('consented-lib-file');
    await granted.close();

    await rename(lib, join(tmp, 'lib-moved'));
    await symlink(outside, lib);
    const host = await open(root);
    const r = await host.call({
      name: 'swapped.version',
      input: { path: './node_modules/lib/secret.txt' },
    });
    expect(r.isError && r.code).toBe('PATH_UNSAFE');
    expect(r.isError && r.message).toContain(
      `its local dependency ${lib} now resolves to ${outside}`,
    );
    expect(JSON.stringify(r)).not.toContain(OUTSIDE_SECRET);
  });
});
