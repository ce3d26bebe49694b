// The templates' lockfiles (templates/<t>/package-lock.template.json, written by
// `pnpm templates:lock`) against what they lock: npm installs a skill from the lockfile's tree
// without reading the packages' own dependencies, so a template or one of our packages that
// changed its dependencies without a new lockfile would install a skill that cannot load.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TEMPLATES = ['tool', 'oauth', 'docs'];
const OURS: Record<string, { folder: string; placeholder: string }> = {
  '@openclaw/skill-sdk': { folder: 'sdk', placeholder: '{{sdkVersion}}' },
  '@openclaw/skill-cli': { folder: 'cli', placeholder: '{{cliVersion}}' },
};

interface Manifest {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  optional?: boolean;
  resolved?: string;
  integrity?: string;
}

const json = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;
const nameAt = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 13);

/** `name@version` of every package in the workspace's pnpm folder. */
async function onDisk(): Promise<Set<string>> {
  const entries = await readdir(join(ROOT, 'node_modules/.pnpm'));
  return new Set(
    entries.map((e) => {
      const at = e.indexOf('@', e.startsWith('@') ? 1 : 0);
      return `${e.slice(0, at).replace('+', '/')}@${e.slice(at + 1).split('_')[0]}`;
    }),
  );
}

/** Our package's dependencies as the lockfile must name them (versions as placeholders). */
async function ourDependencies(name: string): Promise<Record<string, string> | undefined> {
  const pkg = await json<Manifest>(join(ROOT, 'packages', OURS[name]!.folder, 'package.json'));
  if (!pkg.dependencies) return undefined;
  return Object.fromEntries(
    Object.entries(pkg.dependencies).map(([n, v]) => [
      n,
      v.startsWith('workspace:') ? OURS[n]!.placeholder : v,
    ]),
  );
}

describe.each(TEMPLATES)('the %s template lockfile', (t) => {
  const dir = join(ROOT, 'templates', t);
  const lock = () =>
    json<{ packages: Record<string, Manifest> }>(join(dir, 'package-lock.template.json'));

  it('exists beside a package.json with dependencies', () => {
    expect(existsSync(join(dir, 'package-lock.template.json'))).toBe(true);
  });

  it("locks exactly the template's dependencies", async () => {
    const pkg = await json<Manifest>(join(dir, 'package.json'));
    const root = (await lock()).packages['']!;
    expect(root.dependencies).toEqual(pkg.dependencies);
    expect(root.devDependencies).toEqual(pkg.devDependencies);
  });

  it("gives our packages the template's version placeholders and their current dependencies", async () => {
    const { packages } = await lock();
    for (const [name, { placeholder }] of Object.entries(OURS)) {
      const entry = packages[`node_modules/${name}`];
      if (!entry) continue;
      expect(entry.version).toBe(placeholder);
      expect(entry.dependencies).toEqual(await ourDependencies(name));
    }
  });

  it('names no tarball URL or integrity (the scaffolder writes the URLs for its registry)', async () => {
    for (const entry of Object.values((await lock()).packages)) {
      expect(entry.resolved).toBeUndefined();
      expect(entry.integrity).toBeUndefined();
    }
  });

  it('locks the versions this workspace installs (the sealed suites serve only those)', async () => {
    const have = await onDisk();
    const missing = Object.entries((await lock()).packages)
      .filter(([path, e]) => path && !e.optional && !OURS[nameAt(path)])
      .map(([path, e]) => `${nameAt(path)}@${e.version}`)
      .filter((id) => !have.has(id));
    expect(missing).toEqual([]);
  });
});
