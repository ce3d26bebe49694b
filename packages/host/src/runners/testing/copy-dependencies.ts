// Copies packages and everything they depend on into one flat `node_modules`, as real files:
// a test skill in a temp folder then loads its dependencies from inside its own package, the
// only place a sandbox lets it read. Not part of the public API.
import { cp, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The real folder of `name` as Node would find it from `fromDir` (walking up node_modules). */
async function findPackage(name: string, fromDir: string): Promise<string | undefined> {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    const found = await stat(join(candidate, 'package.json')).catch(() => undefined);
    if (found) return realpath(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * `names` and their dependency closure, resolved from `fromDir`, into `nodeModules`. Two
 * versions of one package cannot share a flat folder: that is an error naming the package.
 */
export async function copyDependencies(
  names: readonly string[],
  fromDir: string,
  nodeModules: string,
): Promise<void> {
  const copied = new Map<string, string>();
  const queue = names.map((name) => ({ name, from: fromDir, optional: false }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const real = await findPackage(next.name, next.from);
    if (!real) {
      if (next.optional) continue;
      throw new Error(`copyDependencies: ${next.name} is not installed (from ${next.from})`);
    }
    const seen = copied.get(next.name);
    if (seen !== undefined) {
      if (seen !== real) throw new Error(`copyDependencies: two versions of ${next.name}`);
      continue;
    }
    copied.set(next.name, real);
    await cp(real, join(nodeModules, next.name), { recursive: true, dereference: true });
    const pkg = JSON.parse(await readFile(join(real, 'package.json'), 'utf8')) as Manifest;
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      queue.push({ name, from: real, optional: false });
    }
    for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
      queue.push({ name, from: real, optional: true });
    }
  }
}
