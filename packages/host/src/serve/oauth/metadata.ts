// The discovery documents of serve's login, built from the origin a client reached serve by
// (127.0.0.1, localhost or [::1] with its port): MCP clients check that the resource named
// in the metadata is the URL they connected to. Pure functions.

export const SCOPE = 'mcp';
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_PATH = '/.well-known/oauth-authorization-server';

export const ENDPOINTS = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

/** RFC 9728 protected-resource metadata for the resource at `<origin><prefix>`. */
export function protectedResourceMetadata(origin: string, prefix: string) {
  return {
    resource: `${origin}${prefix}`,
    authorization_servers: [origin],
    scopes_supported: [SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'OpenClaw skills (openclaw-skill serve)',
  };
}

/** RFC 8414 authorization-server metadata; the issuer is serve's origin. */
export function authorizationServerMetadata(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${ENDPOINTS.authorize}`,
    token_endpoint: `${origin}${ENDPOINTS.token}`,
    registration_endpoint: `${origin}${ENDPOINTS.register}`,
    revocation_endpoint: `${origin}${ENDPOINTS.revoke}`,
    scopes_supported: [SCOPE],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

/** The metadata URL a 401 names for the resource at `<origin><prefix>` (RFC 9728 section 3.1). */
export const metadataUrl = (origin: string, prefix: string): string =>
  `${origin}${PROTECTED_RESOURCE_PATH}${prefix}`;
