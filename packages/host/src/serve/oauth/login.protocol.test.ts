// serve's authorization server at the protocol level, on a real loopback serve: a client
// identified by a metadata document served from a local server, PKCE and one-time codes,
// tokens bound to their resource, rotation and replay of refresh tokens, RFC 7009 revocation,
// and requests refused before anything is redirected. Consent is answered through the
// dashboard's API with the static token (the browser side has its own suite).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type ServeFixture } from '../serve.fixtures.js';

let fx: ServeFixture;
let base: string;
let port: number;
let docServer: Server;
let docUrl: string;
let dashDir: string;
let clock = Date.parse('2026-01-01T00:00:00Z');
const REDIRECT = 'http://127.0.0.1:1/callback';

beforeAll(async () => {
  dashDir = await mkdtemp(join(tmpdir(), 'oc-dash-'));
  await writeFile(join(dashDir, 'index.html'), '<!doctype html><title>d</title>');
  fx = await serveFixture({
    dashboard: { dir: dashDir },
    login: { accessTtlMs: 60_000, now: () => clock },
  });
  base = fx.serve.info!.url;
  port = fx.serve.info!.port;
  docServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ client_id: docUrl, client_name: 'Doc Client', redirect_uris: [REDIRECT] }),
    );
  });
  await new Promise<void>((r) => docServer.listen(0, '127.0.0.1', r));
  docUrl = `http://127.0.0.1:${(docServer.address() as AddressInfo).port}/client.json`;
});

afterAll(async () => {
  await new Promise((r) => docServer?.close(r));
  await fx?.cleanup();
  await rm(dashDir, { recursive: true, force: true });
});

const staticAuth = () => ({ authorization: `Bearer ${fx.serve.info!.token}` });

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** Authorize -> consent (allowed through the API) -> the redirect back to the client. */
async function authorize(query: Record<string, string>, answer: 'allow' | 'deny' = 'allow') {
  const res = await fetch(`${base}/oauth/authorize?${new URLSearchParams(query)}`, {
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  const id = /^\/#consent\/(.+)$/.exec(location)?.[1];
  if (!id) return new URL(location); // an error sent straight back to the client
  const view = await fetch(`${base}/api/dashboard/logins/consent/${id}`, { headers: staticAuth() });
  expect(view.status).toBe(200);
  const answered = await fetch(`${base}/api/dashboard/logins/consent/${id}`, {
    method: 'POST',
    headers: { ...staticAuth(), 'content-type': 'application/json' },
    body: JSON.stringify({ answer }),
  });
  return new URL(((await answered.json()) as { redirect: string }).redirect);
}

async function token(fields: Record<string, string>) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function loginAs(clientId: string, resource = `${base}/mcp`) {
  const { verifier, challenge } = pkce();
  const back = await authorize({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's1',
    resource,
  });
  const code = back.searchParams.get('code')!;
  const t = await token({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  expect(t.status).toBe(200);
  return t.body;
}

/** POST an initialize to /mcp with a bearer token and a Host header of our choosing. */
function mcpWith(tokenValue: string, host = `127.0.0.1:${port}`): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${tokenValue}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function register(metadata: Record<string, unknown>) {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('serve login, protocol level', () => {
  it('a client identified by its metadata document URL is named from the document and gets tokens that open /mcp', async () => {
    const { challenge } = pkce();
    const res = await fetch(
      `${base}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: docUrl,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    const id = /#consent\/(.+)$/.exec(res.headers.get('location')!)![1]!;
    const view = (await (
      await fetch(`${base}/api/dashboard/logins/consent/${id}`, { headers: staticAuth() })
    ).json()) as Record<string, string>;
    expect(view).toMatchObject({ clientName: 'Doc Client', clientId: docUrl });
    const tokens = await loginAs(docUrl);
    expect(tokens.token_type).toBe('Bearer');
    expect(await mcpWith(tokens.access_token!)).toBe(200);
  });

  it('a wrong PKCE verifier and a second use of a code are both refused with invalid_grant', async () => {
    const { body: client } = await register({ client_name: 'Pkce', redirect_uris: [REDIRECT] });
    const { verifier, challenge } = pkce();
    const q = {
      response_type: 'code',
      client_id: client.client_id!,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const wrong = (await authorize(q)).searchParams.get('code')!;
    const bad = await token({
      grant_type: 'authorization_code',
      code: wrong,
      code_verifier: pkce().verifier,
      client_id: client.client_id!,
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const code = (await authorize(q)).searchParams.get('code')!;
    const fields = {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: client.client_id!,
    };
    expect((await token(fields)).status).toBe(200);
    expect(await token(fields)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a token issued for one resource is refused by another, and resources of other servers are refused at authorize', async () => {
    const { body: client } = await register({ client_name: 'Aud', redirect_uris: [REDIRECT] });
    const forLocalhost = await loginAs(client.client_id!, `http://localhost:${port}/mcp`);
    expect(await mcpWith(forLocalhost.access_token!, `localhost:${port}`)).toBe(200);
    expect(await mcpWith(forLocalhost.access_token!, `127.0.0.1:${port}`)).toBe(401);
    const back = await authorize({
      response_type: 'code',
      client_id: client.client_id!,
      redirect_uri: REDIRECT,
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      resource: `http://127.0.0.1:${port + 1}/mcp`,
    });
    expect(back.searchParams.get('error')).toBe('invalid_target');
  });

  it('a rotated-away refresh token presented after the grace period revokes the whole grant', async () => {
    const { body: client } = await register({ client_name: 'Replay', redirect_uris: [REDIRECT] });
    const first = await loginAs(client.client_id!);
    const second = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: client.client_id!,
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    clock += 31_000;
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: client.client_id!,
    });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await mcpWith(second.body.access_token!)).toBe(401);
    const after = await token({
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token!,
      client_id: client.client_id!,
    });
    expect(after.status).toBe(400);
  });

  it('revoking a refresh token (RFC 7009) ends its grant: refresh and access token both stop working', async () => {
    const { body: client } = await register({ client_name: 'Revoke', redirect_uris: [REDIRECT] });
    const t = await loginAs(client.client_id!);
    expect(await mcpWith(t.access_token!)).toBe(200);
    const res = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t.refresh_token!, client_id: client.client_id! }),
    });
    expect(res.status).toBe(200);
    expect(await mcpWith(t.access_token!)).toBe(401);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: t.refresh_token! })).status,
    ).toBe(400);
  });

  it('refuses a registration with a non-loopback http redirect, and shows (never redirects) an unregistered redirect_uri', async () => {
    const bad = await register({ client_name: 'Evil', redirect_uris: ['http://evil.example/cb'] });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
    const { body: client } = await register({ client_name: 'Ok', redirect_uris: [REDIRECT] });
    const res = await fetch(
      `${base}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id!,
        redirect_uri: 'https://evil.example/steal',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('openclaw-skill dashboard');
  });

  it('the static token keeps working on /mcp beside the login', async () => {
    expect(await mcpWith(fx.serve.info!.token)).toBe(200);
  });
});
