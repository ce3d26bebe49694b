// What `search` and `info` share: the registry chosen as install chooses it (`--registry`,
// else the host config's `install.registry`, else the user's npm config), the installer's npm
// cache in the home, and one line for each way a registry can fail.
import { resolve } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import { causes } from '@openclaw/skill-sdk/internal';
import type { Io } from '../io.js';
import type { GlobalOptions } from '../options.js';
import { homeOf } from '../serve-client.js';

export interface RegistryContext {
  registry: string;
  /** The home's npm cache (never the user's ~/.npm). */
  cache: string;
  home: string;
}

export async function registryContext(
  opts: GlobalOptions & { registry?: string },
  io: Io,
): Promise<RegistryContext> {
  const { hostPaths, loadHostConfig, resolveRegistry } =
    await import('@openclaw/skill-host/internal');
  const home = homeOf(opts, io);
  const paths = hostPaths(home);
  const config = await loadHostConfig(paths.config);
  const registry = await resolveRegistry(opts.registry, config.install?.registry, {
    ...io.env,
    PATH: io.env.PATH ?? process.env.PATH,
  });
  return { registry, cache: resolve(paths.npmCache), home };
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
  for (const c of causes(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE.includes(code)) return code;
  }
  return undefined;
}

export const registryHint =
  'Check the registry URL (--registry, install.registry in the host config, or your npm config).';

export function unreachable(registry: string, code: string, cause: unknown): SkillError {
  return new SkillError('REGISTRY_ERROR', `The registry ${registry} cannot be reached (${code}).`, {
    cause,
    hint: registryHint,
    details: { unreachable: true },
  });
}

export function garbage(registry: string, what: string, cause?: unknown): SkillError {
  return new SkillError('REGISTRY_ERROR', `The registry ${registry} answered ${what}.`, {
    ...(cause !== undefined && { cause }),
    hint: `${registryHint} Is it an npm registry?`,
  });
}
