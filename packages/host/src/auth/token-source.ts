// Access tokens for a grant, refreshed ahead of expiry. The rules:
// - a token within `skewMs` (60 s) of expiry is refreshed, not handed out;
// - one refresh per grant at a time in this process (callers share one promise) and across
//   processes (the GrantStore lock; the vault is re-read inside it, so a token another
//   process just refreshed is used instead of spending the refresh token again);
// - a rotated refresh token is written to the vault before the new access token is used;
// - `invalid_grant` marks the grant "needs-login" (metadata only: tokens another process
//   stored stay) and the call gets AUTH_REQUIRED with the command that fixes it;
// - a token the API rejected (401) is replaced once, unless someone replaced it already.
import { SkillError } from '@openclaw/skill-sdk';
import { parseGrantSecret, type Grant, type GrantSecret, type GrantStore } from './grants.js';
import { expandScopes, type ResolvedProvider } from './providers.js';
import type { RetryOptions } from './retry.js';
import { OAuthError, requestToken, type TokenResponse } from './token-endpoint.js';
import type { SecretVault } from './vault.js';

const storeDown = (e: unknown) => e instanceof SkillError && e.code === 'STORE_UNAVAILABLE';

export interface TokenSourceDeps {
  grants: GrantStore;
  vault: () => Promise<SecretVault>;
  service: string;
  skewMs: number;
  retry?: RetryOptions;
  /** Every token value the manager sees, for redaction. */
  remember(value: string | undefined): void;
  loginCommand(grant: Grant, scopes?: string[]): string;
}

export interface TokenRequest {
  grant: Grant;
  provider: ResolvedProvider;
  /** Short scope names the calling tool declared. */
  scopes: string[];
  /** A token the API just rejected: replace it. */
  rejected?: string;
}

/** The key under which an access token for these scopes is kept. */
export function scopeKey(provider: ResolvedProvider, shortScopes: readonly string[]): string {
  if (!provider.narrowOnRefresh) return '*';
  const real = shortScopes.length
    ? expandScopes(provider, shortScopes)
    : [...(provider.baseScopes ?? [])];
  return real.length ? [...real].sort().join(' ') : '*';
}

export function secretFromResponse(
  provider: ResolvedProvider,
  shortScopes: readonly string[],
  res: TokenResponse,
  previous?: GrantSecret,
): GrantSecret {
  const entry = {
    accessToken: res.access_token,
    ...(res.expires_in !== undefined && { expiresAt: Date.now() + res.expires_in * 1000 }),
  };
  const refreshToken = res.refresh_token ?? previous?.refreshToken;
  return {
    ...(refreshToken && { refreshToken }),
    tokens: { ...previous?.tokens, [scopeKey(provider, shortScopes)]: entry, '*': entry },
  };
}

interface ProviderAsk {
  provider: ResolvedProvider;
  /** The grant as stored now (its flow and scopes). */
  grant: Grant;
  secret: GrantSecret;
  /** The scope key of the token wanted ('*': the grant's own scopes). */
  key: string;
}

const authRequiredFor = (deps: TokenSourceDeps, grant: Grant, why: string) =>
  new SkillError('AUTH_REQUIRED', `Skill "${grant.skill}" ${why}`, {
    hint: `Run: ${deps.loginCommand(grant)}`,
    details: { skill: grant.skill, provider: grant.provider, account: grant.account },
  });

/**
 * A new access token from the provider: client credentials again, or the refresh token
 * (narrowed to the scopes wanted where the provider allows). `invalid_grant` marks the grant
 * "needs-login" and becomes AUTH_REQUIRED.
 */
async function askProvider(deps: TokenSourceDeps, ask: ProviderAsk): Promise<TokenResponse> {
  const { provider, grant: current, secret, key } = ask;
  try {
    if (current.flow === 'client-credentials') {
      return await requestToken(
        provider,
        {
          grant_type: 'client_credentials',
          scope: expandScopes(provider, current.scopes).join(provider.scopeSeparator ?? ' '),
        },
        deps.retry,
      );
    }
    if (!secret.refreshToken)
      throw authRequiredFor(
        deps,
        current,
        `has an expired ${current.provider} token and no refresh token; log in again.`,
      );
    const narrow =
      key !== '*' ? { scope: key.split(' ').join(provider.scopeSeparator ?? ' ') } : {};
    return await requestToken(
      provider,
      { grant_type: 'refresh_token', refresh_token: secret.refreshToken, ...narrow },
      deps.retry,
    );
  } catch (e) {
    if (!(e instanceof OAuthError && e.oauthError === 'invalid_grant')) throw e;
    const marked: Grant = {
      ...current,
      state: 'needs-login',
      reason: 'the provider refused the refresh token (invalid_grant)',
      updatedAt: Date.now(),
    };
    await deps.grants.put(marked);
    throw authRequiredFor(
      deps,
      marked,
      `must log in to ${current.provider} again: the provider no longer accepts its refresh token.`,
    );
  }
}

/** Access tokens for grants, cached per grant and scope key, refreshed one at a time. */
export interface TokenSource {
  token(req: TokenRequest): Promise<string>;
  /** Forgets cached tokens of a grant (logout, new login). */
  forget(grantIdValue: string): void;
}

export function createTokenSource(deps: TokenSourceDeps): TokenSource {
  const cache = new Map<string, { accessToken: string; expiresAt?: number }>();
  const inflight = new Map<string, Promise<string>>();
  const unexpired = (e: { expiresAt?: number }) =>
    e.expiresAt === undefined || e.expiresAt > Date.now();
  const fresh = (e: { expiresAt?: number } | undefined) =>
    e !== undefined && (e.expiresAt === undefined || e.expiresAt - deps.skewMs > Date.now());

  const authRequired = (grant: Grant, why: string) => authRequiredFor(deps, grant, why);

  async function refreshLocked(req: TokenRequest, key: string): Promise<string> {
    const { grant, provider } = req;
    const vault = await deps.vault();
    const secret = parseGrantSecret(await vault.getPassword(deps.service, grant.id));
    const stored = secret?.tokens[key];
    if (stored) deps.remember(stored.accessToken);
    deps.remember(secret?.refreshToken);
    if (stored && fresh(stored) && stored.accessToken !== req.rejected) {
      cache.set(`${grant.id}\0${key}`, stored);
      return stored.accessToken;
    }
    const current = (await deps.grants.get(grant.id)) ?? grant;
    if (current.state === 'needs-login' || !secret)
      throw authRequired(
        current,
        `must log in to ${grant.provider} again${current.reason ? ` (${current.reason})` : ''}.`,
      );
    const res = await askProvider(deps, { provider, grant: current, secret, key });
    deps.remember(res.access_token);
    deps.remember(res.refresh_token);
    const entry = {
      accessToken: res.access_token,
      ...(res.expires_in !== undefined && { expiresAt: Date.now() + res.expires_in * 1000 }),
    };
    const next: GrantSecret = {
      // Rotated refresh tokens are stored before the new access token is used.
      ...((res.refresh_token ?? secret.refreshToken) && {
        refreshToken: res.refresh_token ?? secret.refreshToken,
      }),
      tokens: { ...secret.tokens, [key]: entry },
    };
    await vault.setPassword(deps.service, grant.id, JSON.stringify(next));
    await deps.grants.put({
      ...current,
      ...(entry.expiresAt && { expiresAt: entry.expiresAt }),
      updatedAt: Date.now(),
    });
    cache.set(`${grant.id}\0${key}`, entry);
    return entry.accessToken;
  }

  return {
    async token(req: TokenRequest): Promise<string> {
      const key = scopeKey(req.provider, req.scopes);
      const id = `${req.grant.id}\0${key}`;
      const cached = cache.get(id);
      if (cached && fresh(cached) && cached.accessToken !== req.rejected) return cached.accessToken;
      const running = inflight.get(id);
      if (running) return running;
      const p = deps.grants
        .withLock(req.grant.id, () => refreshLocked(req, key))
        .catch((e: unknown) => {
          // The shared store is unreachable: a token this host holds serves until it truly
          // expires (the skew is for refreshing early, not a reason to fail).
          if (storeDown(e) && cached && cached.accessToken !== req.rejected && unexpired(cached))
            return cached.accessToken;
          throw e;
        })
        .finally(() => {
          inflight.delete(id);
        });
      inflight.set(id, p);
      return p;
    },
    /** Forgets cached tokens of a grant (logout, new login). */
    forget(grantIdValue: string): void {
      for (const k of cache.keys()) if (k.startsWith(`${grantIdValue}\0`)) cache.delete(k);
    },
  };
}
