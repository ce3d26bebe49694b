// Consent requests and authorization codes, in memory. An authorize request that passed its
// checks waits here until the user answers on the dashboard; "allow" makes a one-time code
// (60 s) bound to the client, its redirect URI, its PKCE challenge and the resource.
import { randomBytes } from 'node:crypto';
import type { LoginClient } from './store.js';
import { digestOf, newSecret } from './secrets.js';

export interface ConsentRequest {
  id: string;
  client: LoginClient;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  /** The issuer, echoed as `iss` in the redirect (RFC 9207). */
  issuer: string;
  expiresAt: number;
}

export interface IssuedCode {
  client: LoginClient;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  expiresAt: number;
}

/** What the dashboard shows for a request; never the PKCE challenge or the state. */
export interface ConsentView {
  id: string;
  clientName: string;
  clientId: string;
  /** Where the browser goes after the answer, so a person sees which app gets it. */
  redirectTo: string;
  resource: string;
}

const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;
const MAX_PENDING = 32;

/** The redirect back to the client with these parameters (and the issuer, RFC 9207). */
export function redirectWith(
  req: Pick<ConsentRequest, 'redirectUri' | 'state' | 'issuer'>,
  params: Record<string, string>,
): string {
  const u = new URL(req.redirectUri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  if (req.state !== undefined) u.searchParams.set('state', req.state);
  u.searchParams.set('iss', req.issuer);
  return u.href;
}

export class ConsentRequests {
  private pending = new Map<string, ConsentRequest>();
  private codes = new Map<string, IssuedCode>();

  constructor(private readonly now: () => number) {}

  add(r: Omit<ConsentRequest, 'id' | 'expiresAt'>): ConsentRequest {
    const req = {
      ...r,
      id: randomBytes(16).toString('base64url'),
      expiresAt: this.now() + REQUEST_TTL_MS,
    };
    this.sweep();
    this.pending.set(req.id, req);
    while (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    return req;
  }

  view(id: string): ConsentView | undefined {
    const r = this.live(id);
    if (!r) return undefined;
    const to = new URL(r.redirectUri);
    return {
      id: r.id,
      clientName: r.client.name,
      clientId: r.client.id,
      redirectTo: to.protocol === 'http:' || to.protocol === 'https:' ? to.origin : to.protocol,
      resource: r.resource,
    };
  }

  /** The user's answer: the URL the browser goes to next, or undefined if the request is gone. */
  answer(id: string, allow: boolean): string | undefined {
    const r = this.live(id);
    if (!r) return undefined;
    this.pending.delete(id);
    if (!allow)
      return redirectWith(r, {
        error: 'access_denied',
        error_description: 'The user denied access on the dashboard.',
      });
    const code = newSecret('ocs_code_');
    this.codes.set(digestOf(code), {
      client: r.client,
      redirectUri: r.redirectUri,
      codeChallenge: r.codeChallenge,
      resource: r.resource,
      scope: r.scope,
      expiresAt: this.now() + CODE_TTL_MS,
    });
    return redirectWith(r, { code });
  }

  /** A code is good once: redeeming removes it whatever happens next. */
  redeem(code: string): IssuedCode | undefined {
    const d = digestOf(code);
    const c = this.codes.get(d);
    this.codes.delete(d);
    return c && c.expiresAt > this.now() ? c : undefined;
  }

  private live(id: string): ConsentRequest | undefined {
    const r = this.pending.get(id);
    return r && r.expiresAt > this.now() ? r : undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, r] of this.pending) if (r.expiresAt <= now) this.pending.delete(k);
    for (const [k, c] of this.codes) if (c.expiresAt <= now) this.codes.delete(k);
  }
}
