// Scaffolding from a clone of this repository, where no registry may have our packages yet:
// the new skill is wired to the checkout's own packages, packed (`pnpm pack` turns their
// `workspace:` ranges into versions) into the skill's `.openclaw/packages/` and named as
// `file:` dependencies, with npm `overrides` so the packages that depend on each other take
// the same tarballs. Third-party dependencies still come from the configured registry.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';
import { PACKAGE_ROOT } from './paths.js';

const exec = promisify(execFile);

/** Our packages a generated skill can reach, by folder under packages/ and npm name. */
export const CHECKOUT_PACKAGES = [
  ['sdk', '@openclaw/skill-sdk'],
  ['host', '@openclaw/skill-host'],
  ['cli', '@openclaw/skill-cli'],
  ['create-openclaw-skill', 'create-openclaw-skill'],
] as const;

/** Where the packed tarballs go, relative to the skill (kept out of what the skill publishes). */
export const VENDOR_DIR = '.openclaw/packages';

/** The repository root when this scaffolder runs from a checkout (not from a packed copy). */
export function checkoutRoot(packageRoot = PACKAGE_ROOT): string | undefined {
  const root = join(packageRoot, '..', '..');
  const packed = existsSync(join(packageRoot, 'versions.json'));
  const workspace = existsSync(join(root, 'pnpm-workspace.yaml'));
  return !packed && workspace && existsSync(join(root, 'packages', 'sdk', 'package.json'))
    ? root
    : undefined;
}

/**
 * Packing create-openclaw-skill runs its prepack (copies templates/ into the package) and
 * postpack (deletes them): two packs at once would pack each other's half-copied templates.
 * A lock folder makes them take turns; one left by a killed run is taken over after staleMs.
 */
export async function withPackLock<T>(fn: () => Promise<T>, staleMs = 5 * 60_000): Promise<T> {
  const lock = join(PACKAGE_ROOT, '.pack-lock');
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age > staleMs) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Packs each of our packages into `dest`; returns npm name -> tarball file name. */
export async function packCheckout(root: string, dest: string): Promise<Map<string, string>> {
  await mkdir(dest, { recursive: true });
  const tarballs = new Map<string, string>();
  await withPackLock(async () => {
    for (const [folder, name] of CHECKOUT_PACKAGES) {
      const dir = join(root, 'packages', folder);
      if (!existsSync(join(dir, 'dist')))
        throw new SkillError(
          'INSTALL_FAILED',
          `${name} is not built in this checkout (${dir}/dist is missing).`,
          { hint: `Run pnpm build in ${root}, then scaffold again.` },
        );
      const before = new Set(await readdir(dest));
      await exec('pnpm', ['pack', '--pack-destination', dest], { cwd: dir, maxBuffer: 64 << 20 });
      const made = (await readdir(dest)).find((f) => !before.has(f) && f.endsWith('.tgz'));
      if (!made) throw new SkillError('INSTALL_FAILED', `pnpm pack made no tarball for ${name}.`);
      tarballs.set(name, made);
    }
  });
  return tarballs;
}

type Deps = Record<string, string>;
interface PackageJson {
  dependencies?: Deps;
  devDependencies?: Deps;
  overrides?: Deps;
  [key: string]: unknown;
}

/** The skill's package.json with our packages as `file:` tarballs (a pure rewrite). */
export function wirePackageJson(pkg: PackageJson, tarballs: Map<string, string>): PackageJson {
  const spec = (name: string) => `file:${VENDOR_DIR}/${tarballs.get(name)!}`;
  const rewire = (deps: Deps | undefined) =>
    deps &&
    Object.fromEntries(Object.entries(deps).map(([n, v]) => [n, tarballs.has(n) ? spec(n) : v]));
  const overrides = Object.fromEntries([...tarballs.keys()].map((n) => [n, spec(n)]));
  return {
    ...pkg,
    ...(pkg.dependencies && { dependencies: rewire(pkg.dependencies) }),
    ...(pkg.devDependencies && { devDependencies: rewire(pkg.devDependencies) }),
    overrides: { ...pkg.overrides, ...overrides },
  };
}

/** Wires a freshly written skill to the checkout it was scaffolded from. */
export async function wireToCheckout(root: string, skillDir: string): Promise<void> {
  const tarballs = await packCheckout(root, join(skillDir, VENDOR_DIR));
  const file = join(skillDir, 'package.json');
  const pkg = JSON.parse(await readFile(file, 'utf8')) as PackageJson;
  await writeFile(file, `${JSON.stringify(wirePackageJson(pkg, tarballs), null, 2)}\n`);
}
