// The login's pure rules: which redirect URIs a client may use, PKCE S256, and what the
// authorize endpoint does with each kind of bad request (shown to the person, or sent back).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAuthorize } from './authorize.js';
import { redirectUriMatches, redirectUriProblem } from './redirect-uris.js';
import { pkceMatches } from './secrets.js';
import type { LoginClient } from './store.js';

const client: LoginClient = {
  id: 'c1',
  name: 'Agent',
  redirectUris: ['http://127.0.0.1:5000/cb', 'cursor://auth/cb'],
  kind: 'registered',
  registeredAt: 0,
};
const verifier = 'v'.repeat(43);
const challenge = createHash('sha256').update(verifier).digest('base64url');
const origin = 'http://127.0.0.1:7411';
const good = {
  response_type: 'code',
  client_id: 'c1',
  redirect_uri: 'http://127.0.0.1:5000/cb',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  state: 'xyz',
};
const run = (q: Record<string, string>) =>
  checkAuthorize({
    query: new URLSearchParams(q),
    client,
    origin,
    isOurResource: (r) => r === `${origin}/mcp`,
  });

describe('redirect URIs', () => {
  it('accepts https, loopback http and app schemes; refuses other http, fragments and script schemes', () => {
    for (const ok of ['https://app.example/cb', 'http://localhost:1/cb', 'cursor://auth/cb'])
      expect(redirectUriProblem(ok), ok).toBeUndefined();
    for (const bad of [
      'http://evil.example/cb',
      'https://a.example/cb#x',
      'javascript:alert(1)',
      'nope',
    ])
      expect(redirectUriProblem(bad), bad).toBeDefined();
  });

  it('matches exactly, except that a loopback http redirect may change its port', () => {
    expect(redirectUriMatches(client.redirectUris, 'http://127.0.0.1:6123/cb')).toBe(true);
    expect(redirectUriMatches(client.redirectUris, 'http://127.0.0.1:5000/other')).toBe(false);
    expect(redirectUriMatches(client.redirectUris, 'http://localhost:5000/cb')).toBe(false);
    expect(redirectUriMatches(client.redirectUris, 'cursor://auth/cb')).toBe(true);
  });
});

describe('PKCE S256', () => {
  it('matches only the verifier whose SHA-256 is the challenge, and refuses short verifiers', () => {
    expect(pkceMatches(verifier, challenge)).toBe(true);
    expect(pkceMatches('w'.repeat(43), challenge)).toBe(false);
    expect(pkceMatches('short', createHash('sha256').update('short').digest('base64url'))).toBe(
      false,
    );
  });
});

describe('checkAuthorize', () => {
  it('asks for consent on a good request, bound to the default resource', () => {
    const out = run(good);
    expect(out).toMatchObject({
      kind: 'consent',
      request: { resource: `${origin}/mcp`, state: 'xyz' },
    });
  });

  it('shows (never redirects) an unknown redirect_uri', () => {
    expect(run({ ...good, redirect_uri: 'https://evil.example/cb' }).kind).toBe('refuse');
  });

  it('sends back plain, missing-PKCE, other-resource and other-scope requests as OAuth errors with state and iss', () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...good, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ ...good, response_type: 'token' }, 'unsupported_response_type'],
      [{ ...good, resource: 'https://other.example/mcp' }, 'invalid_target'],
      [{ ...good, scope: 'admin' }, 'invalid_scope'],
    ];
    for (const [q, error] of cases) {
      const out = run(q);
      expect(out.kind).toBe('redirect');
      const u = new URL((out as { location: string }).location);
      expect(u.searchParams.get('error')).toBe(error);
      expect(u.searchParams.get('state')).toBe('xyz');
      expect(u.searchParams.get('iss')).toBe(origin);
    }
  });
});
