// The template's package-lock.json (written by `pnpm templates:lock`): with it, npm installs
// a known tree instead of resolving one package at a time, level by level. It is kept in the
// template without `resolved` URLs (they depend on the registry the author uses); this module
// writes them for that registry, so npm fetches each tarball without asking for its metadata
// first. Other package managers ignore npm's lockfile, and a skill wired to a checkout's own
// tarballs resolves differently: for those the file is removed.
import { createRequire } from 'node:module';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const LOCKFILE = 'package-lock.json';

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  [key: string]: unknown;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * The registry npm installs from, as npm itself tells the programs it runs: a registry other
 * than its default is in `npm_config_registry`; the default is read from npm's own config
 * definitions (the npm that runs us, `npm_execpath`). Undefined when not run by npm.
 */
export function npmRegistry(env: NodeJS.ProcessEnv): string | undefined {
  if (env.npm_config_registry) return withSlash(env.npm_config_registry);
  if (!env.npm_execpath) return undefined;
  // npm's own copy, by path: a lookup by name could find another @npmcli/config up the tree.
  const definitionsFile = join(
    dirname(dirname(env.npm_execpath)),
    'node_modules/@npmcli/config/lib/definitions',
  );
  try {
    const { definitions } = createRequire(env.npm_execpath)(definitionsFile) as {
      definitions: { registry: { default: string } };
    };
    return withSlash(definitions.registry.default);
  } catch {
    return undefined;
  }
}

/** Scopes given a registry of their own (`@scope:registry`), which npm passes the same way. */
function scopedRegistries(env: NodeJS.ProcessEnv): Set<string> {
  const scopes = Object.keys(env)
    .map((k) => /^npm_config_(@[^:]+):registry$/i.exec(k)?.[1])
    .filter((s): s is string => Boolean(s));
  return new Set(scopes.map((s) => s.toLowerCase()));
}

/** The package name a lockfile path installs (`node_modules/a/node_modules/@s/b` -> `@s/b`). */
function nameAt(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * The lockfile with each registry package's tarball URL on `registry`, in the layout npm's
 * registry and its mirrors share (`<name>/-/<basename>-<version>.tgz`). Packages of a scope
 * with its own registry are left for npm to resolve.
 */
export function withResolved(lock: Lockfile, registry: string, env: NodeJS.ProcessEnv): Lockfile {
  const scoped = scopedRegistries(env);
  const packages = Object.fromEntries(
    Object.entries(lock.packages).map(([path, entry]) => {
      const name = nameAt(path);
      const scope = name.startsWith('@') ? name.slice(0, name.indexOf('/')).toLowerCase() : '';
      if (!path || entry.link || entry.resolved || !entry.version || scoped.has(scope))
        return [path, entry];
      const base = name.slice(name.lastIndexOf('/') + 1);
      return [path, { ...entry, resolved: `${registry}${name}/-/${base}-${entry.version}.tgz` }];
    }),
  );
  return { ...lock, packages };
}

export interface LockfilePlan {
  targetDir: string;
  /** npm installs from the lockfile; any other package manager does not. */
  npm: boolean;
  /** Wired to a checkout's tarballs: our packages are not the lockfile's. */
  checkout: boolean;
  env: NodeJS.ProcessEnv;
}

/** Readies a rendered skill's lockfile for its install, or removes it (see the header). */
export async function prepareLockfile(plan: LockfilePlan): Promise<void> {
  const file = join(plan.targetDir, LOCKFILE);
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  if (text === undefined) return;
  if (!plan.npm || plan.checkout) return rm(file, { force: true });
  const registry = npmRegistry(plan.env);
  if (!registry) return;
  const lock = withResolved(JSON.parse(text) as Lockfile, registry, plan.env);
  await writeFile(file, `${JSON.stringify(lock, null, 2)}\n`);
}
