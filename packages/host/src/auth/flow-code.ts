// Authorization code + PKCE (S256) through a loopback redirect on a random port (RFC 8252
// section 7.3): the host listens on 127.0.0.1:0 for one callback, checks `state`, and trades
// the code for tokens. `onUrl` prints or opens the authorize URL; the flow gives up after
// `timeoutMs`. Wrong state, an error redirect or a timeout end the flow with one clear line.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SkillError } from '@openclaw/skill-sdk';
import type { ResolvedProvider } from './providers.js';
import { oauthClient, requestToken, type TokenResponse } from './token-endpoint.js';
import type { RetryOptions } from './retry.js';

export interface CodeFlowOptions {
  scopes: string[];
  /** Called with the URL the user must open (print it, open a browser, or follow it in a test). */
  onUrl(url: string): void | Promise<void>;
  timeoutMs?: number;
  signal?: AbortSignal;
  extraParams?: Record<string, string>;
  retry?: RetryOptions;
  /**
   * Where the browser goes once the callback arrived (the dashboard that started the login),
   * instead of a page saying the window can be closed. Only loopback http URLs are taken.
   */
  doneUrl?: string;
}

/** A redirect target must be this machine: the callback must not become an open redirect. */
const loopbackUrl = (u: string | undefined): string | undefined => {
  if (!u) return undefined;
  try {
    const url = new URL(u);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
};

const b64url = (b: Buffer) => b.toString('base64url');

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text}</p>`;

/** What the provider's redirect to the loopback callback says: a code, or why the login failed. */
export function callbackAnswer(
  params: URLSearchParams,
  state: string,
  providerName: string,
): { code: string } | { error: SkillError; page: string } {
  if (params.get('state') !== state)
    return {
      page: 'The login answer did not match this login (wrong state).',
      error: new SkillError(
        'AUTH_FAILED',
        `The login callback for ${providerName} had a wrong "state" (a stale or forged redirect); nothing was stored. Run the login again.`,
      ),
    };
  const error = params.get('error');
  if (error) {
    const desc = params.get('error_description');
    return {
      page: `The provider answered: ${error}.`,
      error: new SkillError(
        'AUTH_FAILED',
        `${providerName} did not authorize: ${error}${desc ? ` (${desc})` : ''}; nothing was stored.`,
      ),
    };
  }
  const code = params.get('code');
  if (!code)
    return {
      page: 'The login answer had no code.',
      error: new SkillError('AUTH_FAILED', `The ${providerName} callback had no code.`),
    };
  return { code };
}

export async function runCodeFlow(
  provider: ResolvedProvider,
  opts: CodeFlowOptions,
): Promise<TokenResponse> {
  const { verifier, challenge } = pkcePair();
  const state = b64url(randomBytes(16));
  const timeoutMs = opts.timeoutMs ?? 300_000;
  let server: Server | undefined;
  try {
    const callback = new Promise<string>((resolve, reject) => {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (url.pathname !== '/callback') {
          res.writeHead(404).end();
          return;
        }
        const send = (status: number, title: string, text: string) =>
          res
            .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
            .end(page(title, text));
        const answer = callbackAnswer(url.searchParams, state, provider.name);
        if ('error' in answer) {
          send(400, 'Login failed', answer.page);
          reject(answer.error);
          return;
        }
        const code = answer.code;
        const done = loopbackUrl(opts.doneUrl);
        if (done) res.writeHead(303, { location: done }).end();
        else send(200, 'Logged in', 'You are logged in. You can close this window.');
        resolve(code);
      });
      server.on('error', reject);
    });
    // The callback may fail while onUrl is still running (the test or browser follows the
    // URL inside it); the race below reports it.
    callback.catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject).listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server!.address() as { port: number };
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const url = oauthClient(provider).authorizeURL({
      redirect_uri: redirectUri,
      scope: opts.scopes,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...provider.authorizeParams,
      ...opts.extraParams,
    } as never);
    await opts.onUrl(url);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SkillError(
              'AUTH_FAILED',
              `No login answer from ${provider.name} within ${Math.round(timeoutMs / 1000)} s; nothing was stored. Run the login again.`,
            ),
          ),
        timeoutMs,
      );
      opts.signal?.addEventListener('abort', () =>
        reject(new SkillError('ABORTED', 'The login was cancelled; nothing was stored.')),
      );
    });
    let code: string;
    try {
      code = await Promise.race([callback, timeout]);
    } finally {
      clearTimeout(timer);
    }
    return await requestToken(
      provider,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
      opts.retry,
    );
  } finally {
    server?.closeAllConnections();
    server?.close();
  }
}
