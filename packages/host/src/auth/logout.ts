// Logging out: each grant found is revoked at its provider (the refresh token, which ends
// the whole grant at Google and most others; else an access token), then removed from the
// vault and the grant store. A failed revocation is reported, and the grant is removed anyway.
import { parseGrantSecret, type Grant } from './grants.js';
import type { ResolvedProvider } from './providers.js';
import { revokeToken } from './token-endpoint.js';
import type { GrantWriteDeps } from './grant-write.js';

export interface LogoutResult {
  grant: Grant;
  revoked: boolean;
  error?: string;
}

export interface LogoutDeps extends GrantWriteDeps {
  provider(name: string): ResolvedProvider;
  fetch?: typeof fetch;
}

export async function removeGrants(deps: LogoutDeps, found: Grant[]): Promise<LogoutResult[]> {
  const v = found.length ? await deps.vault() : undefined;
  const results: LogoutResult[] = [];
  for (const g of found) {
    await deps.grants.withLock(g.id, async () => {
      const secret = parseGrantSecret(await v!.getPassword(deps.service(), g.id));
      let revoked = false;
      let error: string | undefined;
      try {
        const p = deps.provider(g.provider);
        const tok = secret?.refreshToken ?? Object.values(secret?.tokens ?? {})[0]?.accessToken;
        const kind = secret?.refreshToken ? 'refresh_token' : 'access_token';
        if (tok) revoked = await revokeToken(p, tok, kind, deps.fetch);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await v!.deletePassword(deps.service(), g.id);
      await deps.grants.delete(g.id);
      deps.forget(g.id);
      results.push({ grant: g, revoked, ...(error && { error }) });
    });
  }
  return results;
}
