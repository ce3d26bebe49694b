// A skill whose dependency ranges differ from every recorded tree is installed by npm; the
// packages of its tree that the store already shares (same integrity) then become hard links
// to the shared copy, so the store holds each package's files once however the ranges differ.
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFolder, shareInstalled } from './shared-deps.js';

let store: string;

/** A skill version folder as npm leaves it (files and hidden lockfile), then shared. */
async function npmInstalled(skill: string, names: string[]): Promise<string> {
  const dir = join(store, skill, '1.0.0');
  const packages: Record<string, { version: string; integrity: string }> = {};
  for (const n of names) {
    await mkdir(join(dir, 'node_modules', n), { recursive: true });
    await writeFile(join(dir, 'node_modules', n, 'index.js'), `export default '${n}';\n`);
    packages[`node_modules/${n}`] = { version: '1.0.0', integrity: `sha512-${n}` };
  }
  await writeFile(join(dir, 'node_modules', '.package-lock.json'), JSON.stringify({ packages }));
  await shareInstalled(dir, {
    storeRoot: store,
    registry: 'http://127.0.0.1:9/',
    dependencies: Object.fromEntries(names.map((n) => [n, '1.0.0'])),
  });
  return dir;
}

beforeAll(async () => {
  store = await mkdtemp(join(tmpdir(), 'oc-shared-known-'));
});

afterAll(async () => {
  await rm(store, { recursive: true, force: true });
});

describe('sharing a tree npm installed', () => {
  it('links a package the store already shares instead of keeping the copy npm wrote', async () => {
    const alpha = await npmInstalled('alpha', ['oc-sdk', 'oc-one']);
    const beta = await npmInstalled('beta', ['oc-sdk', 'oc-two']);
    const shared = join(store, '.shared', 'pkg', packageFolder('sha512-oc-sdk'), 'index.js');
    const [a, b, s] = await Promise.all([
      stat(join(alpha, 'node_modules', 'oc-sdk', 'index.js')),
      stat(join(beta, 'node_modules', 'oc-sdk', 'index.js')),
      stat(shared),
    ]);
    expect(b.ino).toBe(s.ino);
    expect(a.ino).toBe(s.ino);
    expect(s.nlink).toBe(3);
    // Read-only like every shared file.
    expect(b.mode & 0o222).toBe(0);
  });

  it('leaves a package whose files differ from the shared copy as npm wrote it', async () => {
    const dir = join(store, 'gamma', '1.0.0');
    await mkdir(join(dir, 'node_modules', 'oc-sdk'), { recursive: true });
    await writeFile(join(dir, 'node_modules', 'oc-sdk', 'index.js'), "export default 'x';\n");
    await writeFile(join(dir, 'node_modules', 'oc-sdk', 'extra.js'), '// added\n');
    await writeFile(
      join(dir, 'node_modules', '.package-lock.json'),
      JSON.stringify({
        packages: { 'node_modules/oc-sdk': { version: '1.0.0', integrity: 'sha512-oc-sdk' } },
      }),
    );
    await shareInstalled(dir, {
      storeRoot: store,
      registry: 'http://127.0.0.1:9/',
      dependencies: { 'oc-sdk': '^1.0.0' },
    });
    const own = await stat(join(dir, 'node_modules', 'oc-sdk', 'index.js'));
    expect(own.nlink).toBe(1);
  });
});
