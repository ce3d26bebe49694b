// The token endpoint (authorization_code with PKCE, refresh_token with rotation) and the
// revocation endpoint (RFC 7009). Public clients: the client_id is sent, no secret.
import type { ConsentRequests } from './consent.js';
import type { IssuedTokens, LoginStore } from './store.js';
import { pkceMatches } from './secrets.js';

export interface OAuthReply {
  status: number;
  body: Record<string, unknown>;
}

const oauthError = (error: string, description: string, status = 400): OAuthReply => ({
  status,
  body: { error, error_description: description },
});

const tokenReply = (t: IssuedTokens): OAuthReply => ({
  status: 200,
  body: {
    access_token: t.accessToken,
    token_type: 'Bearer',
    expires_in: t.expiresIn,
    refresh_token: t.refreshToken,
    scope: t.grant.scope,
  },
});

export interface TokenDeps {
  store: LoginStore;
  consents: ConsentRequests;
}

export async function tokenRequest(form: URLSearchParams, deps: TokenDeps): Promise<OAuthReply> {
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return codeGrant(form, deps);
  if (grantType === 'refresh_token') return refreshGrant(form, deps);
  return oauthError(
    'unsupported_grant_type',
    'grant_type must be authorization_code or refresh_token.',
  );
}

async function codeGrant(form: URLSearchParams, deps: TokenDeps): Promise<OAuthReply> {
  const code = form.get('code');
  const verifier = form.get('code_verifier');
  if (!code || !verifier)
    return oauthError('invalid_request', 'code and code_verifier are required.');
  const issued = deps.consents.redeem(code);
  if (!issued) return oauthError('invalid_grant', 'The code is unknown, used or expired.');
  const clientId = form.get('client_id');
  if (clientId !== null && clientId !== issued.client.id)
    return oauthError('invalid_grant', 'The code was issued to another client.');
  if (form.get('redirect_uri') !== null && form.get('redirect_uri') !== issued.redirectUri)
    return oauthError('invalid_grant', 'redirect_uri differs from the authorization request.');
  if (!pkceMatches(verifier, issued.codeChallenge))
    return oauthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
  const resource = form.get('resource');
  if (resource !== null && resource !== issued.resource)
    return oauthError('invalid_target', 'resource differs from the authorization request.');
  return tokenReply(await deps.store.grant(issued.client, issued.resource, issued.scope));
}

async function refreshGrant(form: URLSearchParams, deps: TokenDeps): Promise<OAuthReply> {
  const token = form.get('refresh_token');
  if (!token) return oauthError('invalid_request', 'refresh_token is required.');
  const result = await deps.store.refresh(token);
  if ('error' in result)
    return oauthError(
      'invalid_grant',
      result.error === 'replayed'
        ? 'The refresh token was already used; the client is signed out and must log in again.'
        : 'The refresh token is unknown or was revoked; log in again.',
    );
  const { grant } = result.tokens;
  const clientId = form.get('client_id');
  const resource = form.get('resource');
  if (
    (clientId !== null && clientId !== grant.clientId) ||
    (resource !== null && resource !== grant.resource)
  ) {
    // Rotated already: a mismatched request ends the grant rather than leave a token out.
    await deps.store.revokeGrant(grant.id);
    return oauthError('invalid_grant', 'The refresh token belongs to another client or resource.');
  }
  return tokenReply(result.tokens);
}

/** RFC 7009: always 200, whether or not the token was known. */
export async function revokeRequest(form: URLSearchParams, store: LoginStore): Promise<OAuthReply> {
  const token = form.get('token');
  if (!token) return oauthError('invalid_request', 'token is required.');
  await store.revokeToken(token, form.get('client_id') ?? undefined);
  return { status: 200, body: {} };
}
