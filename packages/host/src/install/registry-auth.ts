// Credentials on registry requests the host makes itself (the signing keys, attestations,
// search), chosen exactly as npm-registry-fetch chooses them for pacote's requests: the
// `//host/path/:` entry of the npm configuration that matches the URL. And the one error a
// refused request (HTTP 401 or 403) becomes, whichever command made it.
import { createRequire } from 'node:module';
import { SkillError } from '@openclaw/skill-sdk';
import { scopeOf, type NpmOptions } from './npm-config.js';

interface Auth {
  token: string | null;
  auth: string | null;
}
type GetAuth = (uri: string, opts: Record<string, unknown>) => Auth;

let getAuth: GetAuth | undefined;
const loadGetAuth = (): GetAuth =>
  (getAuth ??= (createRequire(import.meta.url)('npm-registry-fetch') as { getAuth: GetAuth })
    .getAuth);

/** The `authorization` header npm would send to `url` (none when nothing is configured). */
export function authHeaders(
  url: string,
  registry: string,
  options: NpmOptions,
): Record<string, string> {
  const auth = loadGetAuth()(url, { ...options, registry });
  if (auth.token) return { authorization: `Bearer ${auth.token}` };
  if (auth.auth) return { authorization: `Basic ${auth.auth}` };
  return {};
}

/** Whether a request to `url` carries credentials from the npm configuration. */
export const sendsCredentials = (url: string, registry: string, options: NpmOptions): boolean =>
  'authorization' in authHeaders(url, registry, options);

/** 401 or 403 when `e` (pacote's, npm-registry-fetch's or a status) is a refused request. */
export function refusedStatus(e: unknown): 401 | 403 | undefined {
  const err = e as { code?: unknown; statusCode?: unknown; status?: unknown } | undefined;
  const status = err?.statusCode ?? err?.status;
  if (err?.code === 'E401' || status === 401) return 401;
  if (err?.code === 'E403' || status === 403) return 403;
  return undefined;
}

export interface RefusedRequest {
  /** The registry that refused (shown without any credentials the URL held). */
  registry: string;
  status: 401 | 403;
  /** What was asked for: a package spec, "the search", "the signing keys". */
  what: string;
  /** Whether the request carried credentials (from `sendsCredentials`). */
  credentialsSent: boolean;
  cause?: unknown;
}

/** A registry URL as shown: no user, password, query or fragment. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/**
 * One line for a refused request: which registry, whether credentials were sent, and the
 * `npm login` that fixes it (with `--scope` for a scoped package). The cause is kept out:
 * npm's errors can carry request details, and no credential may reach a message or log.
 */
export function refusedError(r: RefusedRequest): SkillError {
  const registry = shownUrl(r.registry);
  const scope = scopeOf(r.what);
  const sent = !r.credentialsSent
    ? 'no credentials for it are in your npm configuration (.npmrc or npm_config_*)'
    : r.status === 401
      ? 'the credentials in your npm configuration were sent and not accepted'
      : 'the credentials in your npm configuration were sent, and that account may not do this';
  const answer = r.status === 401 ? 'HTTP 401: login required' : 'HTTP 403: access denied';
  return new SkillError(
    'REGISTRY_ERROR',
    `The registry ${registry} refused ${r.what} (${answer}); ${sent}.`,
    {
      hint: `Run \`npm login --registry ${registry}${scope ? ` --scope ${scope}` : ''}\` (it writes the token to your user .npmrc), then try again.`,
      details: { registry, status: r.status, credentialsSent: r.credentialsSent },
    },
  );
}
