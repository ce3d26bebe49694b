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
  follow(
    url: string,
    mutate?: (callback: URL) => void,
  ): Promise<{
    status: number;
    body: string;
  }>;
  /** Approves (or denies) a pending device code by its user code. */
  approveDevice(userCode: string, deny?: boolean): void;
  stop(): Promise<void>;
}
export declare function startOAuthServer(): Promise<OAuthTestServer>;
//# sourceMappingURL=oauth-server.d.ts.map
