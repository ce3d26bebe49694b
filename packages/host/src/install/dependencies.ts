// A skill's runtime dependencies, installed inside its store folder by npm itself with
// install scripts disabled and dev dependencies left out. Skipped entirely for
// the common case of a package without dependencies (most skills bundle or have none).
// Which ranges may be installed at all is decided before (dependency-ranges.ts); a failure of
// npm is told in its first `npm error` line with a hint that fits its code.
import { execFile } from 'node:child_process';
import { SkillError } from '@openclaw/skill-sdk';
import { isNetworkCode } from '../router/network.js';
import type { LocalDependency } from './types.js';
import { absoluteLocalLinks, checkInstalledLinks, pinLocalDependencies } from './local-deps.js';
import { newestVersionFrom } from './newest-version.js';
import { linkSharedTree, shareInstalled } from './shared-deps.js';
import { slimStoredPackage } from './slim-package.js';
import type { NpmConfig, NpmOptions } from './npm-config.js';
import { npmRefusal, packageInUrl } from './npm-refusal.js';

/** A registry URL as shown in a message: without credentials, query or fragment. */
function shownRegistry(registry: string): string {
  try {
    const u = new URL(registry);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return registry;
  }
}

/**
 * What a failed `npm install` says, in one line, and a hint for its code: E404 and ETARGET
 * name the registry that lacks the package, network codes are connectivity, anything else
 * is npm's first error line (never npm's whole output, stack traces and log paths).
 */
export function npmInstallFailure(
  stderr: string,
  registry: string,
): { message: string; hint: string; code?: string } {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => /^npm (?:error|ERR!)\s?(.*)$/.exec(l.trimEnd())?.[1]?.trim())
    .filter((l): l is string => l !== undefined && l !== '');
  const code = lines.map((l) => /^code (\S+)$/.exec(l)?.[1]).find((c) => c !== undefined);
  const first =
    lines.find(
      (l) => !/^(?:code|errno|syscall) \S+$/.test(l) && !/^A complete log of this run/.test(l),
    ) ?? 'npm install failed';
  const at = shownRegistry(registry);
  const line = first.slice(0, 300);
  if (code === 'E404' || code === 'ETARGET') {
    // npm names the package in its 404 line's URL (`404 Not Found - GET <registry>/<name>`).
    const url = /^404 Not Found - GET (\S+)/.exec(first)?.[1];
    const missing = url === undefined ? undefined : packageInUrl(url);
    const target =
      code === 'ETARGET' ? /^No matching version found for (\S+?)\.?$/.exec(first)?.[1] : undefined;
    const what = missing ?? target;
    return {
      code,
      message: what
        ? `${what} is not on the registry ${at} (${code}).`
        : `a dependency is not on the registry ${at} (${code}): ${line}`,
      hint: `Publish the dependency to ${at}, or install from a registry that has it (--registry, or install.registry in the host config).`,
    };
  }
  if (code !== undefined && isNetworkCode(code)) {
    return {
      code,
      message: `npm could not reach the registry ${at} (${code}).`,
      hint: 'This is a connectivity problem: check the network, proxy, DNS or firewall, and the registry URL (--registry, or install.registry in the host config).',
    };
  }
  return {
    ...(code !== undefined && { code }),
    message: line,
    hint: "Nothing was installed. Check the dependencies in the skill's package.json; install scripts never run, so a dependency that needs one cannot be used.",
  };
}

export interface InstallDependenciesOptions {
  registry: string;
  cache: string;
  /** The user's npm request options (credentials, scoped registries) for version lookups. */
  npm?: NpmOptions;
  /**
   * The same configuration as `npm_config_*` variables for npm's process (NpmConfig's
   * `childEnv`): a token only in the project's .npmrc reaches npm run in the staging folder.
   */
  npmEnv?: Readonly<Record<string, string>>;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Local dependencies the install was allowed (`--allow-local-deps`), by real path. */
  local?: readonly LocalDependency[];
  /** The store's root: dependency trees are shared between its skills (shared-deps.ts). */
  storeRoot?: string;
  /** The skill's runtime dependencies (name -> range), the key of a shared tree. */
  dependencies?: Record<string, string>;
}

/** The host's npm configuration as installDependencies takes it. */
export const npmOf = (config: NpmConfig): Pick<InstallDependenciesOptions, 'npm' | 'npmEnv'> => ({
  npm: config.options,
  npmEnv: config.childEnv,
});

/**
 * Runs npm in the staged package folder, then checks that every link npm made stays inside it
 * or on an allowed local dependency's path.
 */
export async function installDependencies(
  dir: string,
  opts: InstallDependenciesOptions,
): Promise<void> {
  const local = opts.local ?? [];
  await slimStoredPackage(dir);
  const shared =
    local.length === 0 && opts.storeRoot && opts.dependencies
      ? { storeRoot: opts.storeRoot, registry: opts.registry, dependencies: opts.dependencies }
      : undefined;
  const newest = newestVersionFrom(opts);
  if (shared && (await linkSharedTree(dir, { ...shared, newest }))) return;
  await pinLocalDependencies(dir, local);
  await runNpmInstall(dir, opts);
  if (shared) await shareInstalled(dir, shared);
  await absoluteLocalLinks(dir, local);
  await checkInstalledLinks(
    dir,
    local.map((d) => d.path),
  );
}

async function runNpmInstall(dir: string, opts: InstallDependenciesOptions): Promise<void> {
  const args = [
    'install',
    '--omit=dev',
    '--omit=peer',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--no-save',
    // `http` adds one line per request: a refused one names its URL (npm-refusal.ts).
    '--loglevel=http',
    // A `file:` folder is linked, not copied: what the consent listed is what the skill reads.
    '--install-links=false',
    `--registry=${opts.registry}`,
    `--cache=${opts.cache}`,
    // Scoped registries from any npmrc the host read (the project's too, which npm would not
    // find from the staging folder). Credentials stay out of the command line: they reach npm
    // in its environment (`npmEnv`), as the rest of the configuration the host read.
    ...Object.entries(opts.npm ?? {})
      .filter(([key, value]) => /^@[^:]+:registry$/.test(key) && typeof value === 'string')
      .map(([key, value]) => `--${key}=${String(value)}`),
  ];
  await new Promise<void>((resolve, reject) => {
    execFile(
      'npm',
      args,
      {
        cwd: dir,
        env: { ...opts.env, ...opts.npmEnv, npm_config_update_notifier: 'false' },
        maxBuffer: 4 * 1024 * 1024,
        windowsHide: true,
        ...(opts.signal && { signal: opts.signal }),
      },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const refused = npmRefusal(String(stderr), opts.registry, opts.npm ?? {});
        if (refused) return reject(refused);
        const failure = npmInstallFailure(String(stderr), opts.registry);
        reject(
          new SkillError(
            'INSTALL_FAILED',
            `Installing the skill's dependencies failed: ${failure.message}`,
            {
              cause: err,
              hint: failure.hint,
              ...(failure.code && { details: { npmCode: failure.code } }),
            },
          ),
        );
      },
    );
  });
}
