// A real OAuth server for tests: oauth2-mock-server 8.2.3 on 127.0.0.1:0, behind a small
// loopback front that counts requests, injects failures, sets token lifetimes and adds the
// device authorization endpoints (RFC 8628) the mock lacks. Tokens are always minted and
// signed by the mock: a device-code grant the user approved is forwarded to it as a refresh
// grant. The mock accepts any client id, secret and code, so tests assert on what reached it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

export interface InjectedFailure {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface TokenRequestRecord {
  grantType: string;
  params: URLSearchParams;
}

export interface OAuthTestServer {
  /** Base URL of the front (authorize, token, revoke, device endpoints hang off it). */
  readonly url: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly revokeUrl: string;
  readonly deviceAuthorizationUrl: string;
  /** Host config `auth.providers.<name>` for this server. */
  providerConfig(extra?: Record<string, unknown>): Record<string, unknown>;
  /** Every token request that reached the front, in order. */
  readonly tokenRequests: TokenRequestRecord[];
  /** Token requests by grant type. */
  count(grantType?: string): number;
  /** Resolves once `count(grantType)` has reached `n`: a test waits for the request, not a time. */
  tokenRequested(grantType: string, n: number): Promise<void>;
  readonly revocations: URLSearchParams[];
  /** Lifetime (expires_in and JWT exp) of every token issued from now on. */
  setTokenLifetime(seconds: number): void;
  /** Every access, refresh and id token the server issued (for leak checks). */
  readonly issued: string[];
  /** Issue opaque random access tokens instead of JWTs (no recognisable shape to redact). */
  setOpaqueAccessTokens(on: boolean): void;
  /** The next token requests answer these instead of reaching the mock. */
  failNext(...failures: InjectedFailure[]): void;
  /** Follows an authorize URL like a browser: the mock redirects to the loopback callback. */
  follow(url: string, mutate?: (callback: URL) => void): Promise<{ status: number; body: string }>;
  /** Approves (or denies) a pending device code by its user code. */
  approveDevice(userCode: string, deny?: boolean): void;
  stop(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (s += c));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });

export async function startOAuthServer(): Promise<OAuthTestServer> {
  const mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  const mockUrl = `http://127.0.0.1:${mock.address().port}`;
  let lifetime = 3600;
  let opaque = false;
  const issued: string[] = [];
  // The mock's expiry is fixed at 3600 s unless both the JWT exp and expires_in are set.
  mock.service.on('beforeTokenSigning', (token) => {
    token.payload.exp = Math.floor(Date.now() / 1000) + lifetime;
  });
  mock.service.on('beforeResponse', (response) => {
    const body = response.body as Record<string, unknown>;
    if (typeof body.access_token === 'string') {
      body.expires_in = lifetime;
      if (opaque) body.access_token = `at-${randomUUID()}`;
      for (const k of ['access_token', 'refresh_token', 'id_token'])
        if (typeof body[k] === 'string') issued.push(body[k]);
    }
  });

  const tokenRequests: TokenRequestRecord[] = [];
  const countOf = (grantType?: string) =>
    grantType === undefined
      ? tokenRequests.length
      : tokenRequests.filter((r) => r.grantType === grantType).length;
  let waiters: Array<{ grantType: string; n: number; resolve: () => void }> = [];
  const recordTokenRequest = (r: TokenRequestRecord) => {
    tokenRequests.push(r);
    const met = waiters.filter((w) => countOf(w.grantType) >= w.n);
    waiters = waiters.filter((w) => !met.includes(w));
    for (const w of met) w.resolve();
  };
  const revocations: URLSearchParams[] = [];
  const failures: InjectedFailure[] = [];
  const devices = new Map<
    string,
    { userCode: string; scope: string; state: 'pending' | 'approved' | 'denied' }
  >();

  const forward = async (path: string, method: string, body?: string, contentType?: string) => {
    const res = await fetch(mockUrl + path, {
      method,
      redirect: 'manual',
      ...(body !== undefined && {
        body,
        headers: { 'content-type': contentType ?? 'application/x-www-form-urlencoded' },
      }),
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      const send = (
        status: number,
        text: string,
        type = 'application/json',
        headers: Record<string, string> = {},
      ) => res.writeHead(status, { 'content-type': type, ...headers }).end(text);
      if (url.pathname === '/token' && req.method === 'POST') {
        const params = new URLSearchParams(body);
        recordTokenRequest({ grantType: params.get('grant_type') ?? '', params });
        const fail = failures.shift();
        if (fail) return send(fail.status, fail.body, fail.contentType, fail.headers);
        if (params.get('grant_type') === 'urn:ietf:params:oauth:grant-type:device_code') {
          const d = devices.get(params.get('device_code') ?? '');
          if (!d) return send(400, JSON.stringify({ error: 'invalid_grant' }));
          if (d.state === 'pending')
            return send(400, JSON.stringify({ error: 'authorization_pending' }));
          if (d.state === 'denied') return send(400, JSON.stringify({ error: 'access_denied' }));
          devices.delete(params.get('device_code')!);
          const minted = await forward(
            '/token',
            'POST',
            new URLSearchParams({
              grant_type: 'refresh_token',
              refresh_token: randomUUID(),
              scope: d.scope,
            }).toString(),
          );
          return send(minted.status, minted.body);
        }
        const out = await forward('/token', 'POST', body);
        return send(out.status, out.body, out.headers.get('content-type') ?? 'application/json');
      }
      if (url.pathname === '/revoke' && req.method === 'POST') {
        revocations.push(new URLSearchParams(body));
        const out = await forward('/revoke', 'POST', body);
        return send(out.status, out.body);
      }
      if (url.pathname === '/device_authorization' && req.method === 'POST') {
        const params = new URLSearchParams(body);
        const deviceCode = randomUUID();
        const userCode = randomUUID().slice(0, 8).toUpperCase();
        devices.set(deviceCode, { userCode, scope: params.get('scope') ?? '', state: 'pending' });
        return send(
          200,
          JSON.stringify({
            device_code: deviceCode,
            user_code: userCode,
            verification_uri: `${front}/device`,
            verification_uri_complete: `${front}/device?user_code=${userCode}`,
            expires_in: 600,
            interval: 0,
          }),
        );
      }
      const out = await forward(
        url.pathname + url.search,
        req.method ?? 'GET',
        body,
        req.headers['content-type'],
      );
      const location = out.headers.get('location');
      return send(
        out.status,
        out.body,
        out.headers.get('content-type') ?? 'text/plain',
        location ? { location } : {},
      );
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const front = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url: front,
    authorizeUrl: `${front}/authorize`,
    tokenUrl: `${front}/token`,
    revokeUrl: `${front}/revoke`,
    deviceAuthorizationUrl: `${front}/device_authorization`,
    providerConfig: (extra = {}) => ({
      type: 'oauth2',
      authorizeUrl: `${front}/authorize`,
      tokenUrl: `${front}/token`,
      revokeUrl: `${front}/revoke`,
      deviceAuthorizationUrl: `${front}/device_authorization`,
      clientId: 'test-client',
      ...extra,
    }),
    tokenRequests,
    issued,
    count: countOf,
    tokenRequested: (grantType, n) =>
      countOf(grantType) >= n
        ? Promise.resolve()
        : new Promise((resolve) => void waiters.push({ grantType, n, resolve })),
    revocations,
    setTokenLifetime: (s) => void (lifetime = s),
    setOpaqueAccessTokens: (on) => void (opaque = on),
    failNext: (...f) => void failures.push(...f),
    async follow(authorizeUrl, mutate) {
      const first = await fetch(authorizeUrl, { redirect: 'manual' });
      await first.text();
      const location = first.headers.get('location');
      if (!location)
        throw new Error(`the authorize endpoint answered ${first.status} without a redirect`);
      const callback = new URL(location);
      mutate?.(callback);
      const res = await fetch(callback);
      return { status: res.status, body: await res.text() };
    },
    approveDevice(userCode, deny = false) {
      for (const d of devices.values())
        if (d.userCode === userCode) d.state = deny ? 'denied' : 'approved';
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await mock.stop();
    },
  };
}
