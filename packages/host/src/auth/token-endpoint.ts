// Requests to a provider's token endpoint through simple-oauth2, for every grant type
// (authorization_code, refresh_token, client_credentials, device_code: simple-oauth2 lets
// params override grant_type). Transient statuses are retried; OAuth errors become one
// clear SkillError; a body that is not OAuth JSON (an HTML error page) is named as such.
// Error messages never carry a token: only the provider's `error` and description.
import { createRequire } from 'node:module';
import { SkillError } from '@openclaw/skill-sdk';
import type { AuthorizationCode } from 'simple-oauth2';
import { networkError } from '../router/network.js';
import type { ResolvedProvider } from './providers.js';
import { backoffMs, RETRYABLE_STATUS, type RetryOptions } from './retry.js';

const require = createRequire(import.meta.url);

export interface TokenResponse {
  access_token: string;
  token_type?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  id_token?: string;
}

/** An error the token endpoint answered with (RFC 6749 section 5.2). */
export class OAuthError extends SkillError {
  readonly oauthError: string;
  readonly status: number;
  constructor(
    provider: string,
    oauthError: string,
    description: string | undefined,
    status: number,
  ) {
    super(
      oauthError === 'invalid_grant' ? 'AUTH_REQUIRED' : 'AUTH_FAILED',
      `${provider} refused the token request: ${oauthError}${description ? ` (${description})` : ''}.`,
      { details: { provider, error: oauthError, status } },
    );
    this.oauthError = oauthError;
    this.status = status;
  }
}

export function oauthClient(provider: ResolvedProvider): AuthorizationCode {
  const { AuthorizationCode } = require('simple-oauth2') as typeof import('simple-oauth2');
  const token = new URL(provider.tokenUrl);
  const authorize = new URL(provider.authorizeUrl);
  return new AuthorizationCode({
    client: { id: provider.clientId, secret: provider.clientSecret ?? '' },
    auth: {
      tokenHost: token.origin,
      tokenPath: token.pathname + token.search,
      authorizeHost: authorize.origin,
      authorizePath: authorize.pathname + authorize.search,
      ...(provider.revokeUrl && { revokePath: provider.revokeUrl }),
    },
    // Client credentials in the body: every preset accepts it, and public (PKCE) clients
    // have no secret for a Basic header.
    options: { authorizationMethod: 'body', scopeSeparator: provider.scopeSeparator ?? ' ' },
    http: { timeout: 30_000 },
  });
}

interface BoomLike {
  isBoom?: boolean;
  message: string;
  output?: { statusCode: number };
  data?: {
    payload?: unknown;
    res?: { statusCode?: number; headers?: Record<string, string | string[] | undefined> };
  } | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function payloadOf(e: BoomLike): Record<string, unknown> | undefined {
  const p = e.data?.payload;
  if (p && typeof p === 'object' && !Buffer.isBuffer(p)) return p as Record<string, unknown>;
  if (p === undefined || p === null) return undefined;
  try {
    const parsed = JSON.parse(String(p)) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function checkResponse(provider: string, body: unknown): TokenResponse {
  const b = body as Partial<TokenResponse> | null;
  if (!b || typeof b !== 'object' || typeof b.access_token !== 'string' || !b.access_token) {
    const err = (b as { error?: unknown } | null)?.error;
    if (typeof err === 'string') throw new OAuthError(provider, err, undefined, 200);
    throw new SkillError(
      'AUTH_FAILED',
      `The token endpoint of ${provider} answered without an access_token; check auth.providers.${provider}.tokenUrl.`,
    );
  }
  const expires = Number(b.expires_in);
  return { ...b, ...(Number.isFinite(expires) && { expires_in: expires }) } as TokenResponse;
}

/** One token request with retries on transient failures. */
export async function requestToken(
  provider: ResolvedProvider,
  params: Record<string, string | undefined>,
  retry: RetryOptions = {},
): Promise<TokenResponse> {
  const client = oauthClient(provider);
  const attempts = retry.attempts ?? 4;
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  for (let attempt = 0; ; attempt++) {
    try {
      const token = await client.getToken(clean as never);
      return checkResponse(provider.name, token.token);
    } catch (e) {
      if (e instanceof SkillError) throw e;
      // No answer at all (refused, DNS, TLS, reset): wreck reports it as its own HTTP 502,
      // which must not read as the endpoint's answer. Retried like a transient status.
      const net = networkError(`The token endpoint of ${provider.name}`, provider.tokenUrl, e);
      if (net) {
        if (attempt + 1 < attempts) {
          await sleep(backoffMs(attempt, retry));
          continue;
        }
        throw net;
      }
      const boom = e as BoomLike;
      // The HTTP status the endpoint sent: wreck reports a non-JSON body as its own 406.
      const status = boom.data?.res?.statusCode ?? boom.output?.statusCode ?? 0;
      const notJson = /content-type|JSON/i.test(boom.message);
      const payload = payloadOf(boom);
      if (typeof payload?.error === 'string' && !RETRYABLE_STATUS(status)) {
        const desc =
          typeof payload.error_description === 'string' ? payload.error_description : undefined;
        throw new OAuthError(provider.name, payload.error, desc, status);
      }
      const transient = RETRYABLE_STATUS(status) || (!boom.isBoom && status === 0);
      if (transient && attempt + 1 < attempts) {
        const ra = boom.data?.res?.headers?.['retry-after'];
        await sleep(backoffMs(attempt, retry, typeof ra === 'string' ? ra : undefined));
        continue;
      }
      const why = notJson
        ? 'answered with something that is not OAuth JSON (an HTML page or garbage)'
        : status
          ? `answered HTTP ${status}`
          : `could not be reached (${boom.message})`;
      throw new SkillError(
        'AUTH_FAILED',
        `The token endpoint of ${provider.name} ${why}${attempt > 0 ? ` after ${attempt + 1} attempts` : ''}; check auth.providers.${provider.name}.tokenUrl or try again later.`,
        { details: { provider: provider.name, status } },
      );
    }
  }
}

/** Revokes a token at the provider (RFC 7009); a provider without a revoke URL is skipped. */
export async function revokeToken(
  provider: ResolvedProvider,
  token: string,
  hint: 'access_token' | 'refresh_token',
  doFetch: typeof fetch = fetch,
): Promise<boolean> {
  if (!provider.revokeUrl) return false;
  const body = new URLSearchParams({ token, token_type_hint: hint, client_id: provider.clientId });
  if (provider.clientSecret) body.set('client_secret', provider.clientSecret);
  let res: Response;
  try {
    res = await doFetch(provider.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  } catch (e) {
    throw networkError(`The revocation request of ${provider.name}`, provider.revokeUrl, e) ?? e;
  }
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) {
    throw new SkillError(
      'AUTH_FAILED',
      `${provider.name} did not accept the revocation (HTTP ${res.status}); the local grant is removed anyway.`,
    );
  }
  return true;
}
