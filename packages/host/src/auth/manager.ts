// The auth manager: the one place that holds the vault and the grant store. It logs users
// in (code + PKCE, device, client credentials), hands out access tokens for exactly the
// scopes asked (token-source.ts), logs out (revoking at the provider), keeps API keys, and
// tells which skills need a login. Everything it sees that is secret is remembered for the
// host's redactor.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { createFileGrantStore } from './grant-store-file.js';
import { loginCommand, usableGrant } from './grant-check.js';
import { storeGrant, type GrantWriteDeps } from './grant-write.js';
import { missingScopes, pickGrant, type GrantStore } from './grants.js';
import { KnownSecrets } from './known-secrets.js';
import { loginAccount, oauthEntry, runLoginFlow } from './login-flow.js';
import { removeGrants } from './logout.js';
import { resolveProvider, type ResolvedProvider } from './providers.js';
import type { AuthSkill, HostAuth, LoginNeeded } from './public.js';
import type { RetryOptions } from './retry.js';
import { createTokenSource } from './token-source.js';
import { openVault } from './vault-select.js';
import type { SecretVault } from './vault.js';

export { loginCommand } from './grant-check.js';
export type { LoginRequest } from './login-flow.js';

export interface AuthManagerOptions {
  home: string;
  config: () => HostConfig;
  configFile: string;
  env: NodeJS.ProcessEnv;
  /** Default: from `auth.store` in the config (keychain, or the opt-in file store). */
  vault?: SecretVault;
  /** Default: files under `<home>/auth`. */
  grants?: GrantStore;
  /**
   * The vault service name (default: one per home). Hosts sharing a store use one name, so
   * every host finds the tokens another stored.
   */
  service?: string;
  fetch?: typeof fetch;
  retry?: RetryOptions;
  /** Refresh this long before expiry (default 60 s). */
  skewMs?: number;
  /** One-line warnings (the file store opt-in). */
  warn?: (line: string) => void;
}

/** Short scopes of every tool of a skill for one auth key, plus the entry's own. */
export function skillScopes(
  record: Pick<SkillRecord, 'manifest' | 'tools'>,
  key: string,
): string[] {
  const entry = record.manifest?.auth?.[key];
  const out = new Set<string>(entry?.type === 'oauth2' ? (entry.scopes ?? []) : []);
  for (const t of record.tools)
    if (t.auth?.provider === key) for (const s of t.auth.scopes) out.add(s);
  return [...out];
}

/** A token request of a skill's call: exactly `scopes` (short names) of one provider. */
export interface TokenAsk {
  skill: string;
  key: string;
  provider: string;
  scopes: string[];
  /** The token the provider just refused (a refresh is forced). */
  rejected?: string;
}

/**
 * The host's own view of auth: the public surface plus what the host's parts need (tokens
 * for calls, stored keys for secrets, the vault and grant store for `auth` commands, and the
 * secret values seen, for redaction). Never handed to an embedder.
 */
export interface AuthManager extends HostAuth {
  readonly grants: GrantStore;
  vault(): Promise<SecretVault>;
  readonly service: string;
  /** Secret values seen so far (tokens, refresh tokens, client secrets, keys). */
  knownValues(): ReadonlySet<string>;
  /** Changes whenever knownValues gains a value. */
  version(): number;
  resolveProvider(name: string): ResolvedProvider;
  /** An access token for a skill's call, for exactly `scopes` (short names). */
  token(req: TokenAsk): Promise<string>;
  getKey(skill: string, name: string): Promise<string | undefined>;
}

/** The vault, opened on first use; a failed open is retried by the next use. */
function lazyVault(opts: AuthManagerOptions): () => Promise<SecretVault> {
  let vaultPromise: Promise<SecretVault> | undefined = opts.vault && Promise.resolve(opts.vault);
  return () =>
    (vaultPromise ??= openVault({
      home: opts.home,
      config: opts.config(),
      configFile: opts.configFile,
      ...(opts.warn && { warn: opts.warn }),
    }).catch((e: unknown) => {
      vaultPromise = undefined;
      throw e;
    }));
}

/**
 * One keychain service per home: two homes on one machine never see each other's grants.
 * Named on first use: the first digest of a process costs ~0.4 ms, and most host starts
 * never open the vault.
 */
function lazyServiceName(opts: AuthManagerOptions): () => string {
  let name = opts.service;
  return () =>
    (name ??= `openclaw-skills:${createHash('sha256').update(opts.home).digest('hex').slice(0, 12)}`);
}

/** Which oauth2 entries of a skill have no usable grant covering all its tools' scopes. */
async function loginsNeeded(grants: GrantStore, record: AuthSkill): Promise<LoginNeeded[]> {
  const out: LoginNeeded[] = [];
  for (const [key, entry] of Object.entries(record.manifest?.auth ?? {})) {
    if (entry.type !== 'oauth2') continue;
    const list = await grants.list({ skill: record.name });
    const grant = pickGrant(
      list.filter((g) => g.state === 'active' && g.provider === entry.provider),
    );
    const wanted = skillScopes(record, key);
    const missing = grant ? missingScopes(grant, wanted) : wanted;
    if (!grant || missing.length)
      out.push({ key, provider: entry.provider, command: loginCommand(record.name), missing });
  }
  return out;
}

export function createAuthManager(opts: AuthManagerOptions): AuthManager {
  const grants = opts.grants ?? createFileGrantStore(join(opts.home, 'auth'));
  const service = lazyServiceName(opts);
  const vault = lazyVault(opts);
  const known = new KnownSecrets();
  const { remember } = known;
  const tokens = createTokenSource({
    grants,
    vault,
    get service() {
      return service();
    },
    skewMs: opts.skewMs ?? 60_000,
    ...(opts.retry && { retry: opts.retry }),
    remember,
    loginCommand: (g) => loginCommand(g.skill),
  });
  const provider = (name: string): ResolvedProvider => {
    const p = resolveProvider(name, opts.config(), opts.env, opts.configFile);
    remember(p.clientSecret);
    return p;
  };
  const writes: GrantWriteDeps = {
    grants,
    vault,
    service,
    remember,
    forget: (id) => tokens.forget(id),
  };
  const keyId = (skill: string, name: string) => `key:${skill}/${name}`;

  return {
    grants,
    vault,
    get service() {
      return service();
    },
    knownValues: () => known.values(),
    version: () => known.version(),
    resolveProvider: provider,
    async login(record, req) {
      const p = provider(oauthEntry(record, req.key).provider);
      const existing = await grants.list({ skill: record.name, provider: p.name });
      const short = [
        ...new Set([
          ...skillScopes(record, req.key),
          ...(req.scopes ?? []),
          ...existing.filter((g) => g.state === 'active').flatMap((g) => g.scopes),
        ]),
      ];
      const flow = req.flow ?? 'code';
      const response = await runLoginFlow({
        ...{ provider: p, short, flow, req },
        ...(opts.retry && { retry: opts.retry }),
        ...(opts.fetch && { fetch: opts.fetch }),
      });
      const account = loginAccount(flow, req.account, response);
      return storeGrant(writes, { record, provider: p, scopes: short, flow, response, account });
    },
    async token(req) {
      const list = await grants.list({ skill: req.skill, provider: req.provider });
      const grant = usableGrant(list, req);
      return tokens.token({
        grant,
        provider: provider(req.provider),
        scopes: req.scopes,
        ...(req.rejected && { rejected: req.rejected }),
      });
    },
    async logout(filter) {
      const all = await grants.list({
        skill: filter.skill,
        ...(filter.provider && { provider: filter.provider }),
      });
      const found = all.filter((g) => filter.account === undefined || g.account === filter.account);
      return removeGrants({ ...writes, provider, ...(opts.fetch && { fetch: opts.fetch }) }, found);
    },
    list: (filter) => grants.list(filter),
    needsLogin: (record) => loginsNeeded(grants, record),
    async setKey(skill, name, value) {
      remember(value);
      await (await vault()).setPassword(service(), keyId(skill, name), value);
    },
    async getKey(skill, name) {
      const value = (await (await vault()).getPassword(service(), keyId(skill, name))) ?? undefined;
      remember(value);
      return value;
    },
    async deleteKey(skill, name) {
      return (await vault()).deletePassword(service(), keyId(skill, name));
    },
  };
}
