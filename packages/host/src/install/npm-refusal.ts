// A dependency install that a registry refused (HTTP 401 or 403) becomes the REGISTRY_ERROR a
// refused request of the host's own becomes: which registry, whether credentials were sent,
// and the `npm login` that fixes it. npm's error lines do not say which request was refused
// ("Unable to authenticate..."), so npm runs at its `http` log level, and the first refused
// request's line (`npm http fetch GET 401 <url> ...`) names it. npm logs URLs without
// credentials, and nothing of npm's output but that URL is kept.
import type { SkillError } from '@openclaw/skill-sdk';
import { registryForSpec, type NpmOptions } from './npm-config.js';
import { refusedError, sendsCredentials } from './registry-auth.js';

const REFUSED_REQUEST = /^npm http fetch [A-Z]+ (401|403) (\S+)/m;

/**
 * The package a registry URL asks for: its metadata (`<registry>/@scope%2fname`) or one of its
 * tarballs (`<registry>/@scope/name/-/name-1.0.0.tgz`).
 */
export function packageInUrl(url: string): string | undefined {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const dash = parts.lastIndexOf('-');
    const name = dash > 0 ? parts.slice(0, dash).slice(-2).join('/') : (parts.at(-1) ?? '');
    const bare = name.startsWith('@') ? name : name.split('/').pop()!;
    return /^(?:@[\w.-]+\/)?[\w.-]+$/.test(bare) ? bare : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The refusal in npm's `http`-level output, as the host's REGISTRY_ERROR; undefined when no
 * request was refused. `npm` is the configuration the child was given (credentials included).
 */
export function npmRefusal(
  stderr: string,
  registry: string,
  npm: NpmOptions,
): SkillError | undefined {
  const m = REFUSED_REQUEST.exec(stderr);
  if (!m) return undefined;
  const url = m[2]!;
  const name = packageInUrl(url);
  // The registry npm asked, picked as npm picks it (the package's scope registry, else the default).
  const at = name ? registryForSpec(name, registry, npm) : registry;
  return refusedError({
    registry: at,
    status: m[1] === '401' ? 401 : 403,
    what: name ?? 'a dependency',
    credentialsSent: sendsCredentials(url, at, npm),
  });
}
