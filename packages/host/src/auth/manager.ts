// The auth manager: the one place that holds the vault and the grant store. It logs users
// in (code + PKCE, device, client credentials), hands out access tokens for exactly the
// scopes asked (token-source.ts), logs out (revoking at the provider), keeps API keys, and
// tells which skills need a login. Everything it sees that is secret is remembered for the
// host's redactor.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import type { CodeFlowOptions } from './flow-code.js';
import type { DeviceFlowOptions } from './flow-device.js';
import { createFileGrantStore } from './grant-store-file.js';
import {
  grantId,
  missingScopes,
  parseGrantSecret,
  pickGrant,
  type Grant,
  type GrantFlow,
  type GrantStore,
} from './grants.js';
import { expandScopes, resolveProvider, type ResolvedProvider } from './providers.js';
import type { RetryOptions } from './retry.js';
import { requestToken, revokeToken, type TokenResponse } from './token-endpoint.js';
import { createTokenSource, secretFromResponse } from './token-source.js';
import { openVault } from './vault-select.js';
import type { SecretVault } from './vault.js';

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

export interface LoginRequest {
  skill: string;
  /** A key of the skill's manifest `auth` map (`google`). */
  key: string;
  /** Extra short scope names beyond the union of the skill's tools (incremental consent). */
  scopes?: string[];
  flow?: GrantFlow;
  account?: string;
  onUrl?: CodeFlowOptions['onUrl'];
  /** Where the browser goes after a code-flow login (the dashboard). */
  doneUrl?: string;
  onPrompt?: DeviceFlowOptions['onPrompt'];
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const loginCommand = (skill: string, scopes?: readonly string[]) =>
  `openclaw-skill auth login ${skill}${scopes?.length ? ` --scopes ${scopes.join(',')}` : ''}`;

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

function oauthEntry(record: Pick<SkillRecord, 'name' | 'manifest'>, key: string) {
  const auth = record.manifest?.auth ?? {};
  const entry = Object.hasOwn(auth, key) ? auth[key] : undefined;
  if (!entry || entry.type !== 'oauth2') {
    throw new SkillError(
      'USAGE',
      `Skill "${record.name}" declares no oauth2 provider "${key}" in its manifest.json (declared: ${Object.keys(auth).join(', ') || 'none'}).`,
    );
  }
  return entry;
}

function accountFromIdToken(idToken: string | undefined): string | undefined {
  const payload = idToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const v = claims.email ?? claims.preferred_username ?? claims.sub;
    return typeof v === 'string' && v ? v : undefined;
  } catch {
    return undefined;
  }
}

export function createAuthManager(opts: AuthManagerOptions) {
  const skewMs = opts.skewMs ?? 60_000;
  const grants = opts.grants ?? createFileGrantStore(join(opts.home, 'auth'));
  // One keychain service per home: two homes on one machine never see each other's grants.
  // Named on first use: the first digest of a process costs ~0.4 ms, and most host starts
  // never open the vault.
  let serviceName = opts.service;
  const service = () =>
    (serviceName ??= `openclaw-skills:${createHash('sha256').update(opts.home).digest('hex').slice(0, 12)}`);
  let vaultPromise: Promise<SecretVault> | undefined = opts.vault && Promise.resolve(opts.vault);
  const vault = () =>
    (vaultPromise ??= openVault({
      home: opts.home,
      config: opts.config(),
      configFile: opts.configFile,
      ...(opts.warn && { warn: opts.warn }),
    }).catch((e: unknown) => {
      vaultPromise = undefined;
      throw e;
    }));

  // Secret values for redaction; bounded so a long-running host does not grow forever.
  const known = new Set<string>();
  let version = 0;
  const remember = (v: string | undefined) => {
    if (!v || known.has(v)) return;
    if (known.size >= 2000) known.delete(known.values().next().value!);
    known.add(v);
    version++;
  };

  const tokens = createTokenSource({
    grants,
    vault,
    get service() {
      return service();
    },
    skewMs,
    ...(opts.retry && { retry: opts.retry }),
    remember,
    loginCommand: (g) => loginCommand(g.skill),
  });

  const provider = (name: string): ResolvedProvider => {
    const p = resolveProvider(name, opts.config(), opts.env, opts.configFile);
    remember(p.clientSecret);
    return p;
  };

  const store = async (
    record: Pick<SkillRecord, 'name'>,
    p: ResolvedProvider,
    shortScopes: string[],
    flow: GrantFlow,
    res: TokenResponse,
    account: string,
  ): Promise<Grant> => {
    remember(res.access_token);
    remember(res.refresh_token);
    remember(res.id_token);
    const id = grantId(record.name, p.name, account);
    const v = await vault();
    return grants.withLock(id, async () => {
      const previous = await grants.get(id);
      const secret = secretFromResponse(p, shortScopes, res);
      await v.setPassword(service(), id, JSON.stringify(secret));
      const now = Date.now();
      const grant: Grant = {
        id,
        skill: record.name,
        provider: p.name,
        account,
        scopes: [...shortScopes].sort(),
        state: 'active',
        flow,
        ...(res.expires_in !== undefined && { expiresAt: now + res.expires_in * 1000 }),
        createdAt: previous?.createdAt ?? now,
        updatedAt: now,
      };
      await grants.put(grant);
      tokens.forget(id);
      return grant;
    });
  };

  return {
    grants,
    vault,
    get service() {
      return service();
    },
    /** Secret values seen so far (tokens, refresh tokens, client secrets, keys). */
    knownValues: (): ReadonlySet<string> => known,
    /** Changes whenever knownValues gains a value. */
    version: () => version,
    resolveProvider: provider,

    /** Logs a skill in for one of its oauth2 providers; consent covers every tool's scopes. */
    async login(
      record: Pick<SkillRecord, 'name' | 'manifest' | 'tools'>,
      req: Omit<LoginRequest, 'skill'>,
    ) {
      const entry = oauthEntry(record, req.key);
      const p = provider(entry.provider);
      const existing = await grants.list({ skill: record.name, provider: p.name });
      const short = [
        ...new Set([
          ...skillScopes(record, req.key),
          ...(req.scopes ?? []),
          ...existing.filter((g) => g.state === 'active').flatMap((g) => g.scopes),
        ]),
      ];
      const real = [...new Set([...(p.baseScopes ?? []), ...expandScopes(p, short)])];
      const flow = req.flow ?? 'code';
      let res: TokenResponse;
      // The flows load only when someone logs in (a host serving calls never does).
      if (flow === 'device') {
        const { runDeviceFlow } = await import('./flow-device.js');
        res = await runDeviceFlow(p, {
          scopes: real,
          onPrompt: req.onPrompt ?? (() => undefined),
          ...(req.signal && { signal: req.signal }),
          ...(opts.retry && { retry: opts.retry }),
          ...(opts.fetch && { fetch: opts.fetch }),
        });
      } else if (flow === 'client-credentials') {
        res = await requestToken(
          p,
          {
            grant_type: 'client_credentials',
            scope: expandScopes(p, short).join(p.scopeSeparator ?? ' '),
          },
          opts.retry,
        );
      } else {
        const { runCodeFlow } = await import('./flow-code.js');
        if (!req.onUrl)
          throw new SkillError('USAGE', 'A browser login needs somewhere to show its URL.');
        res = await runCodeFlow(p, {
          scopes: real,
          onUrl: req.onUrl,
          ...(req.doneUrl && { doneUrl: req.doneUrl }),
          ...(req.timeoutMs && { timeoutMs: req.timeoutMs }),
          ...(req.signal && { signal: req.signal }),
          ...(opts.retry && { retry: opts.retry }),
        });
      }
      const account =
        req.account ??
        (flow === 'client-credentials'
          ? 'client'
          : (accountFromIdToken(res.id_token) ?? 'default'));
      return store(record, p, short, flow, res, account);
    },

    /** An access token for a skill's call, for exactly `scopes` (short names). */
    async token(req: {
      skill: string;
      key: string;
      provider: string;
      scopes: string[];
      rejected?: string;
    }) {
      const list = await grants.list({ skill: req.skill, provider: req.provider });
      const grant = pickGrant(list.filter((g) => g.state === 'active')) ?? pickGrant(list);
      if (!grant) {
        throw new SkillError(
          'AUTH_REQUIRED',
          `Skill "${req.skill}" is not authorized with ${req.provider} yet.`,
          {
            hint: `Run: ${loginCommand(req.skill)}`,
            details: { skill: req.skill, provider: req.provider },
          },
        );
      }
      if (grant.state === 'needs-login') {
        throw new SkillError(
          'AUTH_REQUIRED',
          `Skill "${req.skill}" must log in to ${req.provider} again${grant.reason ? ` (${grant.reason})` : ''}.`,
          {
            hint: `Run: ${loginCommand(req.skill)}`,
            details: { skill: req.skill, provider: req.provider, account: grant.account },
          },
        );
      }
      const missing = missingScopes(grant, req.scopes);
      if (missing.length) {
        throw new SkillError(
          'AUTH_REQUIRED',
          `Skill "${req.skill}" is authorized with ${req.provider} but not for ${missing.join(', ')}.`,
          {
            hint: `Run: ${loginCommand(req.skill, missing)}`,
            details: { skill: req.skill, provider: req.provider, missingScopes: missing },
          },
        );
      }
      return tokens.token({
        grant,
        provider: provider(req.provider),
        scopes: req.scopes,
        ...(req.rejected && { rejected: req.rejected }),
      });
    },

    /** Removes grants (all of a skill, or one provider/account), revoking at the provider. */
    async logout(filter: { skill: string; provider?: string; account?: string }) {
      const found = (
        await grants.list({
          skill: filter.skill,
          ...(filter.provider && { provider: filter.provider }),
        })
      ).filter((g) => filter.account === undefined || g.account === filter.account);
      const v = found.length ? await vault() : undefined;
      const results: { grant: Grant; revoked: boolean; error?: string }[] = [];
      for (const g of found) {
        await grants.withLock(g.id, async () => {
          const secret = parseGrantSecret(await v!.getPassword(service(), g.id));
          let revoked = false;
          let error: string | undefined;
          try {
            const p = provider(g.provider);
            // Revoking the refresh token ends the whole grant at Google and most others.
            const tok = secret?.refreshToken ?? Object.values(secret?.tokens ?? {})[0]?.accessToken;
            if (tok)
              revoked = await revokeToken(
                p,
                tok,
                secret?.refreshToken ? 'refresh_token' : 'access_token',
                opts.fetch,
              );
          } catch (e) {
            error = e instanceof Error ? e.message : String(e);
          }
          await v!.deletePassword(service(), g.id);
          await grants.delete(g.id);
          tokens.forget(g.id);
          results.push({ grant: g, revoked, ...(error && { error }) });
        });
      }
      return results;
    },

    list: (filter?: { skill?: string; provider?: string }) => grants.list(filter),

    /** Which oauth2 entries of a skill have no usable grant covering all its tools' scopes. */
    async needsLogin(
      record: Pick<SkillRecord, 'name' | 'manifest' | 'tools'>,
    ): Promise<{ key: string; provider: string; command: string; missing: string[] }[]> {
      const out = [];
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
    },

    /** API keys (`auth set-key`), kept in the vault. */
    async setKey(skill: string, name: string, value: string) {
      remember(value);
      await (await vault()).setPassword(service(), `key:${skill}/${name}`, value);
    },
    async getKey(skill: string, name: string): Promise<string | undefined> {
      const value =
        (await (await vault()).getPassword(service(), `key:${skill}/${name}`)) ?? undefined;
      remember(value);
      return value;
    },
    async deleteKey(skill: string, name: string) {
      return (await vault()).deletePassword(service(), `key:${skill}/${name}`);
    },
  };
}

export type AuthManager = ReturnType<typeof createAuthManager>;
