// Device authorization (RFC 8628): for machines without a browser. Ask for a device code,
// show the user code and the verification URL, then poll the token endpoint at the given
// interval (slower on `slow_down`) until the user approves, denies or the code expires.
import { SkillError } from '@openclaw/skill-sdk';
import { networkError } from '../router/network.js';
import type { ResolvedProvider } from './providers.js';
import { OAuthError, requestToken, type TokenResponse } from './token-endpoint.js';
import type { RetryOptions } from './retry.js';

export interface DevicePrompt {
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresIn: number;
}

export interface DeviceFlowOptions {
  scopes: string[];
  onPrompt(prompt: DevicePrompt): void | Promise<void>;
  signal?: AbortSignal;
  retry?: RetryOptions;
  fetch?: typeof fetch;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export async function runDeviceFlow(
  provider: ResolvedProvider,
  opts: DeviceFlowOptions,
): Promise<TokenResponse> {
  if (!provider.deviceAuthorizationUrl) {
    throw new SkillError(
      'AUTH_FAILED',
      `${provider.name} has no device authorization endpoint; log in without --device (or set auth.providers.${provider.name}.deviceAuthorizationUrl).`,
    );
  }
  const body = new URLSearchParams({
    client_id: provider.clientId,
    scope: opts.scopes.join(provider.scopeSeparator ?? ' '),
  });
  if (provider.clientSecret) body.set('client_secret', provider.clientSecret);
  const url = provider.deviceAuthorizationUrl;
  let res: Response;
  let data: Record<string, unknown>;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      ...(opts.signal && { signal: opts.signal }),
    });
  } catch (e) {
    throw networkError(`The device authorization request of ${provider.name}`, url, e) ?? e;
  }
  try {
    data = (await res.json()) as Record<string, unknown>;
  } catch (e) {
    const net = networkError(`The device authorization request of ${provider.name}`, url, e);
    if (net) throw net;
    throw new SkillError(
      'AUTH_FAILED',
      `The device endpoint of ${provider.name} answered HTTP ${res.status} with something that is not JSON.`,
    );
  }
  if (!res.ok || typeof data.device_code !== 'string' || typeof data.user_code !== 'string') {
    throw new SkillError(
      'AUTH_FAILED',
      `The device endpoint of ${provider.name} refused: ${typeof data.error === 'string' ? data.error : `HTTP ${res.status}`}.`,
    );
  }
  const expiresIn = Number(data.expires_in) || 600;
  await opts.onPrompt({
    userCode: data.user_code,
    verificationUri: String(data.verification_uri ?? data.verification_url ?? ''),
    ...(typeof data.verification_uri_complete === 'string' && {
      verificationUriComplete: data.verification_uri_complete,
    }),
    expiresIn,
  });
  let interval = (Number.isFinite(Number(data.interval)) ? Number(data.interval) : 5) * 1000;
  const deadline = Date.now() + expiresIn * 1000;
  for (;;) {
    if (opts.signal?.aborted)
      throw new SkillError('ABORTED', 'The login was cancelled; nothing was stored.');
    await sleep(Math.max(interval, 20));
    try {
      return await requestToken(
        provider,
        { grant_type: DEVICE_GRANT, device_code: data.device_code, client_id: provider.clientId },
        opts.retry,
      );
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      if (e.oauthError === 'authorization_pending') {
        // keep polling
      } else if (e.oauthError === 'slow_down') interval += 5000;
      else if (e.oauthError === 'access_denied')
        throw new SkillError(
          'AUTH_FAILED',
          `The login was denied at ${provider.name}; nothing was stored.`,
        );
      else if (e.oauthError === 'expired_token')
        throw new SkillError(
          'AUTH_FAILED',
          `The device code expired before it was approved; run the login again.`,
        );
      else throw e;
    }
    if (Date.now() > deadline)
      throw new SkillError(
        'AUTH_FAILED',
        `The device code expired before it was approved; run the login again.`,
      );
  }
}
