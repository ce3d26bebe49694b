// A dependency install that a registry refused (HTTP 401 or 403) becomes the REGISTRY_ERROR a
// refused request of the host's own becomes: which registry, whether credentials were sent,
// and the `npm login` that fixes it. npm's error lines do not say which request was refused
// ("Unable to authenticate..."), so npm runs at its `http` log level, and the first refused
// request's line (`npm http fetch GET 401 <url> ...`) names it. npm logs URLs without
// credentials, and nothing of npm's output but that URL is kept.
import type { SkillError } from '@openclaw/skill-sdk';
import type { NpmOptions } from './npm-config.js';
import { refusedError, sendsCredentials } from './registry-auth.js';

const REFUSED_REQUEST = /^npm http fetch [A-Z]+ (401|403) (\S+)/m;

/** The package name a registry URL asks for (`.../@scope%2fname` is `@scope/name`). */
export function packageInUrl(url: string): string | undefined {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return /^(?:@[\w.-]+\/)?[\w.-]+$/.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The configured registry `url` belongs to (the longest that prefixes it), else its origin. */
function registryOf(url: string, registry: string, npm: NpmOptions): string {
  const configured = [
    registry,
    ...Object.entries(npm)
      .filter(([key, value]) => /^@[^:]+:registry$/.test(key) && typeof value === 'string')
      .map(([, value]) => String(value)),
  ].map((r) => (r.endsWith('/') ? r : `${r}/`));
  const match = configured.filter((r) => url.startsWith(r)).sort((a, b) => b.length - a.length)[0];
  if (match) return match;
  try {
    return `${new URL(url).origin}/`;
  } catch {
    return registry;
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
  const at = registryOf(url, registry, npm);
  return refusedError({
    registry: at,
    status: m[1] === '401' ? 401 : 403,
    what: packageInUrl(url) ?? 'a dependency',
    credentialsSent: sendsCredentials(url, at, npm),
  });
}
