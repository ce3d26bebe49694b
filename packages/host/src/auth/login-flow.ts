// One login's exchange with the provider: which flow runs (code + PKCE in a browser, device
// code, or client credentials), with which scopes, and which account the grant is for.
// The interactive flows load only when someone logs in (a host serving calls never does).
import { SkillError } from '@openclaw/skill-sdk';
import type { SkillRecord } from '../catalog/types.js';
import type { CodeFlowOptions } from './flow-code.js';
import type { DeviceFlowOptions } from './flow-device.js';
import type { GrantFlow } from './grants.js';
import { expandScopes, type ResolvedProvider } from './providers.js';
import type { RetryOptions } from './retry.js';
import { requestToken, type TokenResponse } from './token-endpoint.js';

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

/** The manifest's oauth2 entry for `key`; USAGE naming the declared ones when there is none. */
export function oauthEntry(record: Pick<SkillRecord, 'name' | 'manifest'>, key: string) {
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

/** The account an OpenID id_token names (email, else username, else subject). */
export function accountFromIdToken(idToken: string | undefined): string | undefined {
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

export interface FlowRun {
  provider: ResolvedProvider;
  /** Short scope names the grant will cover. */
  short: string[];
  flow: GrantFlow;
  req: Omit<LoginRequest, 'skill'>;
  retry?: RetryOptions;
  fetch?: typeof fetch;
}

/** Runs the flow and answers the provider's token response. */
export async function runLoginFlow(run: FlowRun): Promise<TokenResponse> {
  const { provider: p, short, req } = run;
  const real = [...new Set([...(p.baseScopes ?? []), ...expandScopes(p, short)])];
  if (run.flow === 'device') {
    const { runDeviceFlow } = await import('./flow-device.js');
    return runDeviceFlow(p, {
      scopes: real,
      onPrompt: req.onPrompt ?? (() => undefined),
      ...(req.signal && { signal: req.signal }),
      ...(run.retry && { retry: run.retry }),
      ...(run.fetch && { fetch: run.fetch }),
    });
  }
  if (run.flow === 'client-credentials') {
    const scope = expandScopes(p, short).join(p.scopeSeparator ?? ' ');
    return requestToken(p, { grant_type: 'client_credentials', scope }, run.retry);
  }
  const { runCodeFlow } = await import('./flow-code.js');
  if (!req.onUrl) throw new SkillError('USAGE', 'A browser login needs somewhere to show its URL.');
  return runCodeFlow(p, {
    scopes: real,
    onUrl: req.onUrl,
    ...(req.doneUrl && { doneUrl: req.doneUrl }),
    ...(req.timeoutMs && { timeoutMs: req.timeoutMs }),
    ...(req.signal && { signal: req.signal }),
    ...(run.retry && { retry: run.retry }),
  });
}

/** The account a new grant is for: the one asked, else the client, else the id token's. */
export function loginAccount(flow: GrantFlow, asked: string | undefined, res: TokenResponse) {
  if (asked !== undefined) return asked;
  if (flow === 'client-credentials') return 'client';
  return accountFromIdToken(res.id_token) ?? 'default';
}
