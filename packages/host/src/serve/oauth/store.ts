// What the login keeps. Registered clients and grants (a client the user allowed, with the
// digest of its current refresh token) live in `<home>/serve-logins.json` (0600), so a
// restart keeps connected clients connected. Access tokens, codes and consent requests are
// short-lived and stay in memory: after a restart a client refreshes. Only digests of
// tokens are kept, never a token.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { digestOf, newSecret } from './secrets.js';

export interface LoginClient {
  /** The client_id: ours for a registered client, the document URL for a metadata client. */
  id: string;
  name: string;
  redirectUris: string[];
  /** `registered` (Dynamic Client Registration) or `document` (Client ID Metadata Document). */
  kind: 'registered' | 'document';
  registeredAt: number;
}

export interface Grant {
  id: string;
  clientId: string;
  clientName: string;
  /** The MCP resource (audience) the user allowed this client for. */
  resource: string;
  scope: string;
  refreshDigest: string;
  /** The refresh token before the last rotation: presenting it again revokes the grant. */
  previousDigest?: string;
  createdAt: number;
  lastUsedAt: number;
}

interface AccessToken {
  grantId: string;
  resource: string;
  expiresAt: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  grant: Grant;
}

interface Saved {
  clients: LoginClient[];
  grants: Grant[];
}

export interface LoginStoreOptions {
  file: string;
  /** Access token lifetime (default 15 minutes). */
  accessTtlMs?: number;
  now?: () => number;
}

/**
 * A client often refreshes twice at once (its POST and its event stream both got a 401):
 * the refresh token it just rotated away still answers for this long, with the same new
 * refresh token. Later, presenting it means replay and ends the grant.
 */
const ROTATION_GRACE_MS = 30_000;

/** At most this many registered clients without a grant are kept (oldest go first). */
const MAX_IDLE_CLIENTS = 100;

export class LoginStore {
  private clients = new Map<string, LoginClient>();
  private grants = new Map<string, Grant>();
  private access = new Map<string, AccessToken>();
  /** Digest of a just-rotated refresh token -> its successor (in memory, for the grace only). */
  private rotated = new Map<string, { next: string; at: number }>();
  private writing: Promise<void> = Promise.resolve();
  readonly now: () => number;
  readonly accessTtlMs: number;

  private constructor(private readonly opts: LoginStoreOptions) {
    this.now = opts.now ?? Date.now;
    this.accessTtlMs = opts.accessTtlMs ?? 15 * 60_000;
  }

  /** Loads the kept clients and grants; a missing or unreadable file starts empty. */
  static async open(opts: LoginStoreOptions): Promise<LoginStore> {
    const store = new LoginStore(opts);
    let saved: Partial<Saved> = {};
    try {
      saved = JSON.parse(await readFile(opts.file, 'utf8')) as Partial<Saved>;
    } catch {
      saved = {};
    }
    for (const c of Array.isArray(saved.clients) ? saved.clients : []) store.clients.set(c.id, c);
    for (const g of Array.isArray(saved.grants) ? saved.grants : []) store.grants.set(g.id, g);
    return store;
  }

  client(id: string): LoginClient | undefined {
    return this.clients.get(id);
  }

  async register(c: Omit<LoginClient, 'id' | 'registeredAt' | 'kind'>): Promise<LoginClient> {
    const client: LoginClient = {
      ...c,
      id: `ocs_client_${randomBytes(16).toString('base64url')}`,
      kind: 'registered',
      registeredAt: this.now(),
    };
    this.clients.set(client.id, client);
    this.pruneIdleClients();
    await this.save();
    return client;
  }

  /** Starts a grant for a client the user allowed, with its first tokens. */
  async grant(client: LoginClient, resource: string, scope: string): Promise<IssuedTokens> {
    const refreshToken = newSecret('ocs_rt_');
    const at = this.now();
    const grant: Grant = {
      id: randomBytes(12).toString('base64url'),
      clientId: client.id,
      clientName: client.name,
      resource,
      scope,
      refreshDigest: digestOf(refreshToken),
      createdAt: at,
      lastUsedAt: at,
    };
    this.grants.set(grant.id, grant);
    await this.save();
    return { ...this.issueAccess(grant), refreshToken, grant };
  }

  /**
   * Trades a refresh token for new tokens (the refresh token rotates). A refresh token that
   * was already rotated away means it leaked or was replayed: the grant is revoked.
   */
  async refresh(
    refreshToken: string,
  ): Promise<{ tokens: IssuedTokens } | { error: 'unknown' | 'replayed' }> {
    const d = digestOf(refreshToken);
    const all = [...this.grants.values()];
    const grant = all.find((g) => g.refreshDigest === d);
    if (!grant) {
      const replayed = all.find((g) => g.previousDigest === d);
      if (!replayed) return { error: 'unknown' };
      const recent = this.rotated.get(d);
      if (recent && this.now() - recent.at < ROTATION_GRACE_MS)
        return {
          tokens: { ...this.issueAccess(replayed), refreshToken: recent.next, grant: replayed },
        };
      await this.revokeGrant(replayed.id);
      return { error: 'replayed' };
    }
    const next = newSecret('ocs_rt_');
    grant.previousDigest = grant.refreshDigest;
    grant.refreshDigest = digestOf(next);
    grant.lastUsedAt = this.now();
    for (const [k, r] of this.rotated)
      if (this.now() - r.at >= ROTATION_GRACE_MS) this.rotated.delete(k);
    this.rotated.set(d, { next, at: this.now() });
    await this.save();
    return { tokens: { ...this.issueAccess(grant), refreshToken: next, grant } };
  }

  private issueAccess(grant: Grant): { accessToken: string; expiresIn: number } {
    const accessToken = newSecret('ocs_at_');
    const now = this.now();
    for (const [k, t] of this.access) if (t.expiresAt <= now) this.access.delete(k);
    this.access.set(digestOf(accessToken), {
      grantId: grant.id,
      resource: grant.resource,
      expiresAt: now + this.accessTtlMs,
    });
    return { accessToken, expiresIn: Math.floor(this.accessTtlMs / 1000) };
  }

  /** Whether an access token is live, of a grant still allowed, and for this resource. */
  verify(accessToken: string, resource: string): boolean {
    const t = this.access.get(digestOf(accessToken));
    if (!t || t.expiresAt <= this.now() || !this.grants.has(t.grantId)) return false;
    return t.resource === resource;
  }

  /** RFC 7009: revokes what the token names (a refresh token ends its grant). */
  async revokeToken(token: string, clientId: string | undefined): Promise<void> {
    const d = digestOf(token);
    const at = this.access.get(d);
    const grantId = at?.grantId ?? [...this.grants.values()].find((g) => g.refreshDigest === d)?.id;
    const grant = grantId ? this.grants.get(grantId) : undefined;
    if (!grant || (clientId !== undefined && grant.clientId !== clientId)) return;
    if (at) this.access.delete(d);
    else await this.revokeGrant(grant.id);
  }

  /** Ends a grant: its refresh token and every access token it issued stop working. */
  async revokeGrant(id: string): Promise<boolean> {
    if (!this.grants.delete(id)) return false;
    for (const [k, t] of this.access) if (t.grantId === id) this.access.delete(k);
    await this.save();
    return true;
  }

  listGrants(): Grant[] {
    return [...this.grants.values()].sort((a, b) => b.lastUsedAt - a.lastUsedAt);
  }

  private pruneIdleClients(): void {
    const used = new Set([...this.grants.values()].map((g) => g.clientId));
    const idle = [...this.clients.values()].filter((c) => !used.has(c.id));
    for (const c of idle.slice(0, Math.max(0, idle.length - MAX_IDLE_CLIENTS)))
      this.clients.delete(c.id);
  }

  /** Writes one after another, so the file always holds the latest state. */
  private save(): Promise<void> {
    const saved: Saved = { clients: [...this.clients.values()], grants: [...this.grants.values()] };
    const text = JSON.stringify(saved, null, 2) + '\n';
    this.writing = this.writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(this.opts.file, text, { mode: 0o600 }));
    return this.writing;
  }
}
