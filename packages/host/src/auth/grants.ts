// Grants: what the user authorized, per (skill, provider, account). The metadata (scopes,
// expiry, account, state) lives behind `GrantStore`; the tokens live
// in a SecretVault under the grant's id. Pure helpers on plain data.

export type GrantState = 'active' | 'needs-login';
export type GrantFlow = 'code' | 'device' | 'client-credentials';

export interface Grant {
  /** `<skill>/<provider>/<account>`. */
  id: string;
  skill: string;
  /** The resolved provider (a preset or a key of auth.providers in the host config). */
  provider: string;
  account: string;
  /** Short scope names the user consented to. */
  scopes: string[];
  state: GrantState;
  flow: GrantFlow;
  /** When the longest-lived access token expires (ms since epoch), if known. */
  expiresAt?: number;
  /** Why the grant needs login again (e.g. `invalid_grant`). */
  reason?: string;
  createdAt: number;
  updatedAt: number;
}

export interface GrantStore {
  get(id: string): Promise<Grant | undefined>;
  put(grant: Grant): Promise<void>;
  delete(id: string): Promise<void>;
  list(filter?: { skill?: string; provider?: string }): Promise<Grant[]>;
  /**
   * Runs `fn` holding the grant's lock, across processes. Callers re-read the vault inside:
   * whoever held the lock before may have refreshed already.
   */
  withLock<T>(id: string, fn: () => Promise<T>): Promise<T>;
}

export const grantId = (skill: string, provider: string, account: string) =>
  `${skill}/${provider}/${account}`;

/** The grant a call uses: the most recently updated one of the skill for the provider. */
export function pickGrant(grants: readonly Grant[]): Grant | undefined {
  return [...grants].sort((a, b) => b.updatedAt - a.updatedAt)[0];
}

/** Scopes asked for that the grant lacks. */
export function missingScopes(grant: Pick<Grant, 'scopes'>, wanted: readonly string[]): string[] {
  const have = new Set(grant.scopes);
  return wanted.filter((s) => !have.has(s));
}

/** What is stored in the vault for a grant: never leaves the auth manager. */
export interface GrantSecret {
  refreshToken?: string;
  /** Access tokens by scope key (sorted real scopes joined by a space, or `*`). */
  tokens: Record<string, { accessToken: string; expiresAt?: number }>;
}

export function parseGrantSecret(text: string | null): GrantSecret | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as GrantSecret;
    return typeof v === 'object' && v !== null && typeof v.tokens === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}
