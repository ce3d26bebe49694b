import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isVersionFolder, pointTo, pruneVersions, storedVersions, storeLayout } from './store.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-store-prerelease-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function place(version: string, time: string) {
  const layout = storeLayout(root);
  await mkdir(layout.versionDir('pdf', version), { recursive: true });
  await writeFile(layout.entryFile('pdf', version), JSON.stringify({ version, time }));
}

describe('prerelease versions in the store', () => {
  it('an entry file is never taken for a version folder, though its name is valid semver', () => {
    expect(isVersionFolder('1.0.0-beta.1')).toBe(true);
    expect(isVersionFolder('1.0.0-beta.1.lock.json')).toBe(false);
    expect(isVersionFolder('current')).toBe(false);
  });

  it('storedVersions lists the folders only, and prune keeps the entry files of kept versions', async () => {
    const layout = storeLayout(root);
    await place('0.0.0-sha256-aaaaaaaaaaaa', '2026-01-01T00:00:00.000Z');
    await place('0.0.0-sha256-bbbbbbbbbbbb', '2026-01-02T00:00:00.000Z');
    await pointTo(layout, 'pdf', 'previous', '0.0.0-sha256-aaaaaaaaaaaa');
    await pointTo(layout, 'pdf', 'current', '0.0.0-sha256-bbbbbbbbbbbb');
    expect((await storedVersions(layout, 'pdf')).map((v) => v.version).sort()).toEqual([
      '0.0.0-sha256-aaaaaaaaaaaa',
      '0.0.0-sha256-bbbbbbbbbbbb',
    ]);
    expect(await pruneVersions(layout, 'pdf', 2)).toEqual([]);
    expect((await readdir(layout.skillDir('pdf'))).sort()).toEqual([
      '0.0.0-sha256-aaaaaaaaaaaa',
      '0.0.0-sha256-aaaaaaaaaaaa.lock.json',
      '0.0.0-sha256-bbbbbbbbbbbb',
      '0.0.0-sha256-bbbbbbbbbbbb.lock.json',
      'current',
      'previous',
    ]);
  });
});
