// What `search` and `info` share: the registry chosen as install chooses it (`--registry`,
// else the host config's `install.registry`, else the user's npm config), the user's npm
// credentials and scoped registries (their npmrc files and npm_config_* env, read as npm reads
// them), the installer's npm cache in the home, and one line for each way a registry can fail.
import { resolve } from 'node:path';
import { errorCauses, SkillError } from '@openclaw/skill-sdk';
import type { Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { homeOf } from '../serve-client.js';

export interface RegistryContext {
  registry: string;
  /** npm's request options: credentials per registry, scoped registries, TLS, proxy. */
  npm: Readonly<Record<string, unknown>>;
  /** The `authorization` header npm would send to `registry` (empty without credentials). */
  headers: Record<string, string>;
  /** The home's npm cache (never the user's ~/.npm). */
  cache: string;
  home: string;
}

export async function registryContext(
  opts: GlobalOptions & { registry?: string },
  io: Io,
): Promise<RegistryContext> {
  const { hostPaths, loadHostConfig, resolveRegistry, npmConfigLoader, authHeaders } =
    await import('@openclaw/skill-host/internal');
  const home = homeOf(opts, io);
  const paths = hostPaths(home);
  const config = await loadHostConfig(paths.config);
  const npm = npmConfigLoader({ env: io.env, cwd: io.cwd });
  const registry = await resolveRegistry(opts.registry, config.install?.registry, npm);
  const { options } = await npm();
  return {
    registry,
    npm: options,
    headers: authHeaders(registry, registry, options),
    cache: resolve(paths.npmCache),
    home,
  };
}

const UNREACHABLE = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'ECONNRESET',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
];

/** The network error code behind a failed fetch (undici wraps it in `cause`). */
export function networkCode(e: unknown): string | undefined {
  for (const c of errorCauses(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE.includes(code)) return code;
  }
  return undefined;
}

/** Said when a search sent no credentials and found nothing. */
export const noCredentialsNote = (registry: string): string =>
  `no credentials for ${registry} are in your npm configuration; a private registry shows only what a logged-in user may read (npm login --registry ${registry})`;

export const registryHint =
  'Check the registry URL (--registry, install.registry in the host config, or your npm config).';

export function unreachable(registry: string, code: string, cause: unknown): SkillError {
  return new SkillError('REGISTRY_ERROR', `The registry ${registry} cannot be reached (${code}).`, {
    cause,
    hint: registryHint,
    details: { unreachable: true },
  });
}

/**
 * A refused request (401/403) as one line naming the registry, whether credentials were sent
 * and the `npm login` that fixes it; undefined for any other answer.
 */
export async function refused(
  registry: string,
  what: string,
  o: { status: unknown; credentialsSent: boolean },
): Promise<SkillError | undefined> {
  const { refusedError, refusedStatus } = await import('@openclaw/skill-host/internal');
  const status = refusedStatus({ status: o.status });
  return status && refusedError({ registry, status, what, credentialsSent: o.credentialsSent });
}

export function garbage(registry: string, what: string, cause?: unknown): SkillError {
  return new SkillError('REGISTRY_ERROR', `The registry ${registry} answered ${what}.`, {
    ...(cause !== undefined && { cause }),
    hint: `${registryHint} Is it an npm registry?`,
  });
}
