// An MCP client with no token logs in to serve: the MCP SDK's own OAuth flow (discovery from
// the 401, Dynamic Client Registration, authorization code with PKCE) against one in-process
// serve, with the consent clicked on the dashboard in a real headless Chromium. Then: a
// denied consent, an expired access token refreshed, a client revoked on the dashboard.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { browserGate, launchBrowser, newContext } from './support/browser.js';
import { MemoryProvider, startCallback, type Callback } from './support/mcp-login-client.js';

const repo = join(import.meta.dirname, '..');
const dashboardDir = join(repo, 'packages', 'dashboard', 'dist');
const ACCESS_TTL_MS = 60_000;

const run = browserGate('serve-login');
if (run && !existsSync(join(dashboardDir, 'index.html')))
  throw new Error(`The dashboard is not built (${dashboardDir}); run pnpm build first.`);

describe.skipIf(!run)('an MCP client logs in to serve through the dashboard', () => {
  let root: string;
  let serve: RunningServe;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let callback: Callback;
  let mcpUrl: URL;
  /** serve's clock for the login; tests move it to expire access tokens. */
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'oc-login-'));
    serve = await startServe({
      home: join(root, 'home'),
      workspace: repo,
      userHome: join(root, 'user'),
      env: { PATH: process.env.PATH },
      port: 0,
      watch: false,
      dashboard: { dir: dashboardDir },
      login: { accessTtlMs: ACCESS_TTL_MS, now: () => clock },
    });
    mcpUrl = new URL(serve.mcpUrl!);
    callback = await startCallback();
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    // The person at the browser has the dashboard open (signed in), as after `openclaw-skill dashboard`.
    await page.goto(`${serve.info!.url}/#token=${encodeURIComponent(serve.info!.token)}`);
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    await serve?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const connect = async (provider: MemoryProvider) => {
    const client = new Client({ name: 'login-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    return client;
  };

  /** Runs the SDK's login up to the browser, answers on the consent page, returns the redirect. */
  async function loginThroughBrowser(
    provider: MemoryProvider,
    answer: 'Allow' | 'Deny',
    name = 'Test Agent',
  ) {
    const before = callback.received.length;
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.origin).toBe(serve.info!.url);
    await page.goto(provider.authorizationUrl!.href);
    await page
      .getByRole('heading', { name: `${name} wants to use your skills`, level: 1 })
      .waitFor();
    await page.getByRole('button', { name: answer }).click();
    await page.waitForURL(`${callback.url}**`);
    expect(callback.received.length).toBe(before + 1);
    return callback.received.at(-1)!;
  }

  async function loggedIn(
    name = 'Test Agent',
  ): Promise<{ provider: MemoryProvider; client: Client }> {
    const provider = new MemoryProvider(callback.url, name);
    const back = await loginThroughBrowser(provider, 'Allow', name);
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(back.get('code')!);
    const client = new Client({ name: 'login-test', version: '1.0.0' });
    await client.connect(transport);
    return { provider, client };
  }

  it('a 401 names the protected-resource metadata, which names serve as the authorization server', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const meta = `${serve.info!.url}/.well-known/oauth-protected-resource/mcp`;
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${meta}"`);
    const prm = (await (await fetch(meta)).json()) as Record<string, unknown>;
    expect(prm).toMatchObject({ resource: mcpUrl.href, authorization_servers: [serve.info!.url] });
    const as = (await (
      await fetch(`${serve.info!.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      issuer: serve.info!.url,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
  });

  it('the SDK client registers, the user allows it on the dashboard, and it lists tools', async () => {
    const { provider, client } = await loggedIn();
    expect(provider.saved?.access_token).toMatch(/^ocs_at_/);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    await client.close();
    // Kept as digests only: no token in the state file.
    const kept = await readFile(join(root, 'home', 'serve-logins.json'), 'utf8');
    expect(kept).toContain('Test Agent');
    expect(kept).not.toContain(provider.saved!.access_token);
    expect(kept).not.toContain(provider.saved!.refresh_token!);
  });

  it('a denied consent sends access_denied back to the client and connects nothing', async () => {
    const before = (await listClients()).length;
    const back = await loginThroughBrowser(new MemoryProvider(callback.url), 'Deny');
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('code')).toBeNull();
    expect((await listClients()).length).toBe(before);
  });

  it('an expired access token is refreshed by the client (the refresh token rotates) and listing goes on', async () => {
    const { provider, client } = await loggedIn();
    const first = provider.saved!;
    clock += ACCESS_TTL_MS + 1;
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(provider.saved!.access_token).not.toBe(first.access_token);
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
    // The expired token itself is refused, and says so.
    const old = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${first.access_token}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(old.status).toBe(401);
    expect(old.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await client.close();
  });

  it('a client revoked on the Clients page is refused from its next request on', async () => {
    const { provider, client } = await loggedIn('Revoked Agent');
    const token = provider.saved!.access_token;
    await page.goto(`${serve.info!.url}/#clients`);
    const revoke = page.getByRole('button', { name: 'Revoke Revoked Agent' });
    await revoke.click();
    await expect.poll(() => revoke.count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke Test Agent' }).first().waitFor();
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    // The SDK's refresh is refused too, so it is sent back to the login.
    provider.authorizationUrl = undefined;
    await expect(client.listTools()).rejects.toThrow();
    expect(provider.authorizationUrl).toBeDefined();
  });

  async function listClients(): Promise<unknown[]> {
    const res = await fetch(`${serve.info!.url}/api/dashboard/logins`, {
      headers: { authorization: `Bearer ${serve.info!.token}` },
    });
    return ((await res.json()) as { clients: unknown[] }).clients;
  }
});
