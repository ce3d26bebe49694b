// A skill folder is packed in this process the way `npm pack` packs it: the same files (its
// `files`, .npmignore, bins made executable) and the same bytes, so a lockfile written from
// either way of packing matches the other. A folder that bundles dependencies is still packed
// by `npm pack`, and its bundle is kept.
import { execFile } from 'node:child_process';
import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { fetchPackage } from './fetch.js';

const exec = promisify(execFile);
let tmp: string;

beforeAll(async () => {
  tmp = await tempDir();
  // npm pack (the comparison and the bundling fallback) must not read the real ~/.npmrc.
  vi.stubEnv('HOME', join(tmp, 'home'));
  await mkdir(join(tmp, 'home'));
});
afterAll(() => {
  vi.unstubAllEnvs();
});

async function write(dir: string, files: Record<string, string>): Promise<string> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

async function npmPack(dir: string): Promise<{ integrity: string; files: string[] }> {
  const into = await tempDir();
  const { stdout } = await exec(
    'npm',
    ['pack', dir, '--ignore-scripts', '--json', '--pack-destination', into],
    { cwd: into, env: { ...process.env, npm_config_cache: join(tmp, 'npm-cache') } },
  );
  const [packed] = JSON.parse(stdout) as { integrity: string; files: { path: string }[] }[];
  return { integrity: packed!.integrity, files: packed!.files.map((f) => f.path).sort() };
}

async function listed(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const fetchOptions = () => ({ registry: 'http://127.0.0.1:9/', cache: join(tmp, 'cache') });

describe('packing a skill folder in process', () => {
  it('gives the same integrity and files as npm pack (files field, .npmignore, a string bin)', async () => {
    const dir = await write(join(tmp, 'skill'), {
      'package.json': JSON.stringify({
        name: 'oc-skill-packed',
        version: '1.2.3',
        bin: 'bin/run.js',
        files: ['dist', 'bin', 'SKILL.md'],
      }),
      'SKILL.md': '---\nname: packed\ndescription: Packs.\n---\n',
      'README.md': '# packed\n',
      'bin/run.js': '#!/usr/bin/env node\n',
      'dist/index.js': 'export default {};\n',
      'dist/deep/tool.js': 'export const x = 1;\n',
      'dist/.npmignore': 'secret.txt\n',
      'dist/secret.txt': 'left out by .npmignore\n',
      'src/index.ts': 'left out by files\n',
      '.npmrc': 'never packed\n',
    });
    const npm = await npmPack(dir);
    const dest = await tempDir();
    const fetched = await fetchPackage(`file:${dir}`, dest, fetchOptions());
    expect(fetched.integrity).toBe(npm.integrity);
    expect(await listed(dest)).toEqual(npm.files);
    expect(await listed(dest)).not.toContain('dist/secret.txt');
    expect((await stat(join(dest, 'bin/run.js'))).mode & 0o111).not.toBe(0);
    expect(fetched).toMatchObject({
      package: 'oc-skill-packed',
      version: '1.2.3',
      resolved: `file:${dir}`,
      type: 'directory',
    });
  });

  it('packs the same contents to the same integrity after their file times change', async () => {
    const dir = await write(join(tmp, 'twice'), {
      'package.json': JSON.stringify({ name: 'oc-skill-twice', version: '0.1.0' }),
      'index.js': 'export default {};\n',
    });
    const first = await fetchPackage(`file:${dir}`, await tempDir(), fetchOptions());
    await utimes(join(dir, 'index.js'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    const second = await fetchPackage(`file:${dir}`, await tempDir(), fetchOptions());
    expect(second.integrity).toBe(first.integrity);
  });

  it('keeps bundled dependencies in the package (packed by npm pack)', async () => {
    const dir = await write(join(tmp, 'bundles'), {
      'package.json': JSON.stringify({
        name: 'oc-skill-bundles',
        version: '1.0.0',
        dependencies: { 'left-pad': '1.0.0' },
        bundleDependencies: ['left-pad'],
      }),
      'index.js': 'export default {};\n',
      'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', version: '1.0.0' }),
      'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
    });
    const dest = await tempDir();
    const fetched = await fetchPackage(`file:${dir}`, dest, fetchOptions());
    expect(await listed(dest)).toContain('node_modules/left-pad/index.js');
    expect(fetched.integrity).toBe((await npmPack(dir)).integrity);
  });

  it('a folder whose package.json has no version fails naming that package.json', async () => {
    const dir = await write(join(tmp, 'noversion'), {
      'package.json': JSON.stringify({ name: 'oc-skill-noversion' }),
    });
    const err = await fetchPackage(`file:${dir}`, await tempDir(), fetchOptions()).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SkillError);
    expect(err).toMatchObject({ code: 'INSTALL_FAILED' });
    expect((err as SkillError).hint).toContain(join(dir, 'package.json'));
  });
});
