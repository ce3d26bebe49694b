// The authorization endpoint: checks a client's request and hands it to the dashboard for
// consent. Until the client and its redirect URI are known good, errors are shown to the
// person in the browser (never redirected: an open redirector otherwise); after that they go
// back to the client as OAuth errors in the redirect.
import type { LoginClient } from './store.js';
import { redirectWith, type ConsentRequest } from './consent.js';
import { redirectUriMatches } from './redirect-uris.js';
import { SCOPE } from './metadata.js';

export type AuthorizeOutcome =
  /** Shown to the person: the client or redirect URI cannot be trusted with a redirect. */
  | { kind: 'refuse'; message: string }
  /** Sent back to the client's redirect URI. */
  | { kind: 'redirect'; location: string }
  /** Good: ask the user. */
  | { kind: 'consent'; request: Omit<ConsentRequest, 'id' | 'expiresAt'> };

export interface AuthorizeInput {
  query: URLSearchParams;
  /** The client named by client_id (registered, or from its metadata document), or why not. */
  client: LoginClient | { problem: string };
  /** The origin the browser reached serve by; the issuer. */
  origin: string;
  /** Whether a resource URL is one of this serve's MCP endpoints. */
  isOurResource(resource: string): boolean;
}

export function checkAuthorize(input: AuthorizeInput): AuthorizeOutcome {
  const q = input.query;
  const clientId = q.get('client_id');
  if (!clientId) return { kind: 'refuse', message: 'The request names no client_id.' };
  if ('problem' in input.client)
    return {
      kind: 'refuse',
      message: `Client ${clientId} is not usable: ${input.client.problem}.`,
    };
  const client = input.client;
  const redirectUri =
    q.get('redirect_uri') ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : '');
  if (!redirectUriMatches(client.redirectUris, redirectUri))
    return {
      kind: 'refuse',
      message: `The redirect_uri ${JSON.stringify(redirectUri)} is not one that ${client.name} registered.`,
    };
  const state = q.get('state') ?? undefined;
  const back = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: redirectWith(
      { redirectUri, ...(state !== undefined && { state }), issuer: input.origin },
      { error, error_description: description },
    ),
  });
  if (q.get('response_type') !== 'code')
    return back('unsupported_response_type', 'Only response_type=code is supported.');
  const challenge = q.get('code_challenge');
  if (!challenge || q.get('code_challenge_method') !== 'S256')
    return back(
      'invalid_request',
      'PKCE is required: code_challenge with code_challenge_method=S256.',
    );
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return back('invalid_request', 'code_challenge is not a base64url SHA-256 digest.');
  const resource = q.get('resource') ?? `${input.origin}/mcp`;
  if (!input.isOurResource(resource))
    return back('invalid_target', `${resource} is not a resource of this server.`);
  const scopes = (q.get('scope') ?? SCOPE).split(' ').filter(Boolean);
  if (scopes.some((s) => s !== SCOPE))
    return back('invalid_scope', `The only scope is "${SCOPE}".`);
  return {
    kind: 'consent',
    request: {
      client,
      redirectUri,
      ...(state !== undefined && { state }),
      codeChallenge: challenge,
      resource,
      scope: SCOPE,
      issuer: input.origin,
    },
  };
}
