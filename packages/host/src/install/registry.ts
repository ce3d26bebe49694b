// Which registry an install talks to: `--registry` (the `registry` option), else the host
// config's `install.registry`, else the user's own npm configuration (npm-config.ts: their
// npmrc files and npm_config_* env, read exactly as npm reads them). A scoped package still
// goes to its scope's registry when one is configured (registryForSpec).
import { SkillError } from '@openclaw/skill-sdk';
import type { NpmConfig } from './npm-config.js';

export async function resolveRegistry(
  option: string | undefined,
  configured: string | undefined,
  npm: () => Promise<NpmConfig>,
): Promise<string> {
  const chosen = option ?? configured ?? (await npmRegistry(npm));
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    throw new SkillError('USAGE', `The registry "${chosen}" is not a URL.`, {
      hint: 'Pass --registry <url>, or set install.registry in the host config.',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SkillError('USAGE', `The registry "${chosen}" is not an http(s) URL.`, {
      hint: 'Pass --registry <url>, or set install.registry in the host config.',
    });
  }
  return url.href;
}

async function npmRegistry(npm: () => Promise<NpmConfig>): Promise<string> {
  try {
    return (await npm()).registry;
  } catch (e) {
    throw new SkillError(
      'CONFIG_INVALID',
      `Your npm configuration could not be read: ${(e as Error).message}`,
      {
        cause: e,
        hint: 'Fix the npmrc file it names (`npm config list` shows what npm reads), or pass --registry <url>.',
      },
    );
  }
}
