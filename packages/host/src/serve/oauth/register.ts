// Dynamic Client Registration (RFC 7591), which most MCP clients still use: a public client
// (no secret) with its name and redirect URIs. Registering grants nothing; the user's consent
// on the dashboard does.
import type { LoginStore } from './store.js';
import type { OAuthReply } from './token-endpoint.js';
import { redirectUriProblem } from './redirect-uris.js';

const invalid = (description: string): OAuthReply => ({
  status: 400,
  body: { error: 'invalid_client_metadata', error_description: description },
});

export async function registerClient(body: unknown, store: LoginStore): Promise<OAuthReply> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return invalid('The body must be a JSON object of client metadata.');
  const m = body as Record<string, unknown>;
  const uris = m.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string'))
    return {
      ...invalid('redirect_uris must be a list of URLs.'),
      body: {
        error: 'invalid_redirect_uri',
        error_description: 'redirect_uris must be a non-empty list of URLs.',
      },
    };
  const bad = (uris as string[]).map(redirectUriProblem).find(Boolean);
  if (bad) return { status: 400, body: { error: 'invalid_redirect_uri', error_description: bad } };
  const grantTypes = Array.isArray(m.grant_types)
    ? (m.grant_types as unknown[])
    : ['authorization_code'];
  const unsupported = grantTypes.filter((g) => g !== 'authorization_code' && g !== 'refresh_token');
  if (unsupported.length > 0)
    return invalid(
      `Unsupported grant_types: ${unsupported.join(', ')}; this server issues authorization_code and refresh_token.`,
    );
  const name =
    typeof m.client_name === 'string' && m.client_name.trim()
      ? m.client_name.trim().slice(0, 100)
      : new URL(uris[0] as string).host || 'An MCP client';
  const client = await store.register({ name, redirectUris: uris as string[] });
  return {
    status: 201,
    body: {
      client_id: client.id,
      client_id_issued_at: Math.floor(client.registeredAt / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // Public client: whatever was asked for, there is no secret to authenticate with.
      token_endpoint_auth_method: 'none',
      scope: 'mcp',
    },
  };
}
