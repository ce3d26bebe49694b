// The user's npm configuration, read as npm itself reads it (@npmcli/config with npm's own
// definitions): `npm_config_*` in the environment, then the project's `.npmrc` (the nearest
// folder above the working folder with a package.json or node_modules), then the user's
// (`$HOME/.npmrc` of the environment the host was given, or `userconfig`), then the global one.
// What comes out is the part every registry request needs, as the flat options pacote and
// npm-registry-fetch take: the default registry, scoped registries (`@scope:registry`), the
// credentials per registry (`//host/path/:_authToken`, `:_auth`, `:username`/`:_password`,
// `:certfile`/`:keyfile`), and TLS and proxy settings. As in npm 9 and later, credentials count
// only under a registry's `//host/path/:` prefix, so they are never sent to another host.
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Flat npm options (pacote and npm-registry-fetch read these keys). */
export type NpmOptions = Readonly<Record<string, unknown>>;

export interface NpmConfig {
  /** The default registry npm would use (`registry=`), with a trailing slash. */
  registry: string;
  /** Options passed to every registry request: credentials, scoped registries, TLS, proxy. */
  options: NpmOptions;
  /** The npmrc files that apply (project, user, global), whether they exist or not. */
  files: readonly string[];
  /**
   * The same registry configuration for an npm child process, as `npm_config_*` variables
   * (`childNpmEnv`). Holds credentials: for a child's environment only, never shown.
   */
  childEnv: Readonly<Record<string, string>>;
}

export interface NpmConfigSource {
  /** The environment the host was given: its HOME and `npm_config_*` apply, nothing else's. */
  env: NodeJS.ProcessEnv;
  /** Where the project `.npmrc` is looked for (walking up, as npm does). */
  cwd: string;
}

interface NpmcliConfig {
  load(): Promise<void>;
  flat: Record<string, unknown>;
  localPrefix: string;
  get(key: string): unknown;
  /** Where a key's value comes from: 'default', 'builtin', 'global', 'user', 'project', 'env'... */
  find(key: string): string | null;
}
type NpmcliConfigClass = new (o: Record<string, unknown>) => NpmcliConfig;

// The flat options that shape a registry request, each with the npmrc keys it is made from.
// Only what the user set is passed on: npm's own defaults for these (retries with a 10 s
// back-off, say) would change how the host's requests behave for everybody else.
const REQUEST_KEYS: Readonly<Record<string, readonly string[]>> = {
  ca: ['ca', 'cafile'],
  cert: ['cert'],
  key: ['key'],
  strictSSL: ['strict-ssl'],
  proxy: ['proxy'],
  httpsProxy: ['https-proxy'],
  noProxy: ['noproxy'],
  localAddress: ['local-address'],
  maxSockets: ['maxsockets'],
  retry: [
    'fetch-retries',
    'fetch-retry-factor',
    'fetch-retry-mintimeout',
    'fetch-retry-maxtimeout',
  ],
  timeout: ['fetch-timeout'],
};

/** `//host/path/:_authToken` and the like, and `@scope:registry`: copied as they are. */
const isRegistryKey = (key: string): boolean => key.startsWith('//') || /^@.+:registry$/.test(key);

const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

/**
 * Pure: the request options out of npm's flat configuration. `isSet` says whether an npmrc
 * key was set anywhere but npm's defaults (all are, when not given).
 */
export function requestOptions(
  flat: Record<string, unknown>,
  isSet: (npmrcKey: string) => boolean = () => true,
): NpmOptions {
  const out: Record<string, unknown> = {};
  for (const [key, sources] of Object.entries(REQUEST_KEYS)) {
    const value = flat[key];
    if (value === undefined || value === null || value === '') continue;
    if (sources.some(isSet)) out[key] = value;
  }
  for (const [key, value] of Object.entries(flat)) {
    if (isRegistryKey(key) && typeof value === 'string' && value) out[key] = value;
  }
  return out;
}

/**
 * What a child `npm` needs to make the requests the host makes: every registry key (credentials,
 * scoped registries) and every request setting that was set, under npmrc's own names, as
 * `npm_config_<key>` variables. A child run in another folder (a staged package) would not
 * find the project's .npmrc; the environment is read before it, and these values are the ones
 * the host's own requests use (the project's, the user's, the environment's, merged as npm
 * merges them). A list value (`ca[]=` lines) cannot be one variable and is left to the child's
 * own reading of the user's npmrc.
 */
export function childNpmEnv(
  options: NpmOptions,
  setting: (npmrcKey: string) => unknown,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of Object.values(REQUEST_KEYS).flat()) {
    const value = setting(key);
    const scalar = typeof value === 'string' || typeof value === 'number';
    if (scalar || typeof value === 'boolean') env[`npm_config_${key}`] = String(value);
  }
  for (const [key, value] of Object.entries(options)) {
    if (isRegistryKey(key) && typeof value === 'string') env[`npm_config_${key}`] = value;
  }
  return env;
}

/** npm's built-in default registry (its public one), from npm's own config definitions. */
export function npmBuiltinRegistry(): string {
  const require = createRequire(import.meta.url);
  const { definitions } = require('@npmcli/config/lib/definitions') as {
    definitions: { registry: { default: string } };
  };
  const url = definitions.registry.default;
  return url.endsWith('/') ? url : `${url}/`;
}

/** Reads npm's configuration once; throws what @npmcli/config throws (a broken npmrc). */
export async function loadNpmConfig(source: NpmConfigSource): Promise<NpmConfig> {
  const require = createRequire(import.meta.url);
  const Config = require('@npmcli/config') as NpmcliConfigClass;
  const { definitions, shorthands, flatten, nerfDarts } =
    require('@npmcli/config/lib/definitions') as Record<string, unknown>;
  const config = new Config({
    definitions,
    shorthands,
    flatten,
    nerfDarts,
    // Where npm keeps its builtin npmrc: this module's own folder, which holds none (a path
    // relative to the process's working folder would read whatever `npmrc` lies there).
    npmPath: dirname(fileURLToPath(import.meta.url)),
    // A copy (loading writes npm_config_* variables into the environment it is given),
    // without unset variables: a child process would not see them, and npm must not either.
    env: Object.fromEntries(Object.entries(source.env).filter(([, v]) => v !== undefined)),
    argv: [],
    cwd: source.cwd,
    execPath: process.execPath,
    platform: process.platform,
  });
  await config.load();
  const registry = config.flat.registry;
  const files = [
    join(config.localPrefix, '.npmrc'),
    config.get('userconfig'),
    config.get('globalconfig'),
  ];
  const isSet = (key: string) => {
    const where = config.find(key);
    return where !== null && where !== 'default';
  };
  const options = requestOptions(config.flat, isSet);
  return {
    files: files.filter((f): f is string => typeof f === 'string'),
    registry: typeof registry === 'string' ? withSlash(registry) : npmBuiltinRegistry(),
    options,
    childEnv: childNpmEnv(options, (key) => (isSet(key) ? config.get(key) : undefined)),
  };
}

/** What a file looks like now (size and change time; "-" when absent), to notice an edit. */
async function stampOf(files: readonly string[]): Promise<string> {
  const stamps = await Promise.all(
    files.map((f) =>
      stat(f).then(
        (s) => `${s.size}:${s.mtimeMs}`,
        () => '-',
      ),
    ),
  );
  return stamps.join('|');
}

/**
 * One loader per host: the first call reads the files; later calls get the same answer until
 * one of the npmrc files changes (an `npm login` after a refusal applies to the next request
 * without restarting a long-running host). Checking costs one stat per file.
 */
export function npmConfigLoader(source: NpmConfigSource): () => Promise<NpmConfig> {
  let loaded: Promise<{ config: NpmConfig; stamp: string }> | undefined;
  const load = async () => {
    const config = await loadNpmConfig(source);
    return { config, stamp: await stampOf(config.files) };
  };
  return async () => {
    const current = loaded ? await loaded.catch(() => undefined) : undefined;
    if (!current || (await stampOf(current.config.files)) !== current.stamp) loaded = load();
    return (await loaded!).config;
  };
}

/** npm's scope of a package name or registry spec (`@company/x@^1` is `@company`). */
export function scopeOf(spec: string): string | undefined {
  return /^(@[^/@\s]+)\//.exec(spec.trim())?.[1];
}

/**
 * The registry a package is fetched from, as npm picks it: its scope's `@scope:registry` when
 * one is configured, else `fallback` (`--registry`, the host config, npm's default).
 */
export function registryForSpec(spec: string, fallback: string, options: NpmOptions): string {
  const scope = scopeOf(spec);
  const scoped = scope ? options[`${scope}:registry`] : undefined;
  return typeof scoped === 'string' && scoped ? withSlash(scoped) : fallback;
}
