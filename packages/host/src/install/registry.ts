// Which registry an install talks to: `--registry` (the `registry` option), else the host
// config's `install.registry`, else the user's own npm config (`npm config get registry`,
// which reads their npmrc files and npm_config_* env exactly as npm does).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';

const exec = promisify(execFile);

export async function resolveRegistry(
  option: string | undefined,
  configured: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const chosen = option ?? configured ?? (await npmConfigRegistry(env));
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

async function npmConfigRegistry(env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await exec('npm', ['config', 'get', 'registry'], {
      env,
      timeout: 15_000,
      windowsHide: true,
    });
    const url = stdout.trim();
    if (url) return url;
  } catch {
    // Falls through to the error below.
  }
  throw new SkillError(
    'INSTALL_FAILED',
    'No npm registry is configured and npm could not say one.',
    {
      hint: 'Pass --registry <url>, or set install.registry in the host config.',
    },
  );
}
