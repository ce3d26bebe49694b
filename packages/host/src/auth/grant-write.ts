// Recording a login: the provider's tokens go to the vault (under the grant's id), the grant
// (who, which provider and account, which scopes, when it expires) to the grant store; both
// under the grant's lock, so a refresh in another process never sees half of it.
import type { SkillRecord } from '../catalog/types.js';
import { grantId, type Grant, type GrantFlow, type GrantStore } from './grants.js';
import type { ResolvedProvider } from './providers.js';
import type { TokenResponse } from './token-endpoint.js';
import { secretFromResponse } from './token-source.js';
import type { SecretVault } from './vault.js';

export interface GrantWriteDeps {
  grants: GrantStore;
  vault(): Promise<SecretVault>;
  service(): string;
  remember(value: string | undefined): void;
  /** Drops cached access tokens of a grant that changed. */
  forget(grantId: string): void;
}

export interface NewGrant {
  record: Pick<SkillRecord, 'name'>;
  provider: ResolvedProvider;
  /** Short scope names the grant covers. */
  scopes: string[];
  flow: GrantFlow;
  response: TokenResponse;
  account: string;
}

export async function storeGrant(deps: GrantWriteDeps, g: NewGrant): Promise<Grant> {
  const { response: res, provider: p } = g;
  deps.remember(res.access_token);
  deps.remember(res.refresh_token);
  deps.remember(res.id_token);
  const id = grantId(g.record.name, p.name, g.account);
  const v = await deps.vault();
  return deps.grants.withLock(id, async () => {
    const previous = await deps.grants.get(id);
    const secret = secretFromResponse(p, g.scopes, res);
    await v.setPassword(deps.service(), id, JSON.stringify(secret));
    const now = Date.now();
    const grant: Grant = {
      id,
      skill: g.record.name,
      provider: p.name,
      account: g.account,
      scopes: [...g.scopes].sort(),
      state: 'active',
      flow: g.flow,
      ...(res.expires_in !== undefined && { expiresAt: now + res.expires_in * 1000 }),
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    await deps.grants.put(grant);
    deps.forget(id);
    return grant;
  });
}
