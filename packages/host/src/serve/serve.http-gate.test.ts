// The one gate in front of /mcp and /api, on a real loopback serve: the token, Host and
// Origin (DNS rebinding), and the body limit; a refused request leaves serve answering.
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type ServeFixture } from './serve.fixtures.js';

let fx: ServeFixture;
let base: string;
let auth: Record<string, string>;

beforeAll(async () => {
  fx = await serveFixture({ maxBodyBytes: 1024 * 1024 });
  base = fx.serve.info!.url;
  auth = { authorization: `Bearer ${fx.serve.info!.token}` };
});
afterAll(() => fx?.cleanup());

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
});
const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** node:http, because fetch will not send a Host header of our choosing. */
function raw(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { port } = fx.serve.info!;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve HTTP gate', () => {
  it('answers 401 on /api and /mcp without the token, and with a wrong one', async () => {
    expect((await fetch(`${base}/api/skills`)).status).toBe(401);
    const mcp = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: mcpHeaders,
      body: initialize,
    });
    expect(mcp.status).toBe(401);
    const wrong = await fetch(`${base}/api/skills`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const body = (await wrong.json()) as { error: { code: string; message: string; hint: string } };
    expect(body.error.code).toBe('UNAUTHORIZED');
    expect(body.error.message).toContain(join(fx.home, 'serve-token'));
    expect(body.error.hint).toContain('openclaw-skill dashboard');
  });

  it('lets the token through on /api and /mcp', async () => {
    expect((await fetch(`${base}/api/skills`, { headers: auth })).status).toBe(200);
    const mcp = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...mcpHeaders, ...auth },
      body: initialize,
    });
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a foreign Origin with 403, even with the token', async () => {
    for (const path of ['/api/skills', '/mcp']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...mcpHeaders, ...auth, origin: 'http://attacker.example' },
        body: initialize,
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'ORIGIN_REFUSED' } });
    }
  });

  it('refuses a foreign Host header with 403 (DNS rebinding), even with the token', async () => {
    const res = await raw('/api/skills', {
      ...auth,
      host: `attacker.example:${fx.serve.info!.port}`,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'HOST_REFUSED' } });
    const ok = await raw('/api/skills', { ...auth, host: `localhost:${fx.serve.info!.port}` });
    expect(ok.status).toBe(200);
  });

  it('refuses a 5 MB body with 413 and keeps answering', async () => {
    const big = JSON.stringify({ spec: 'x'.repeat(5 * 1024 * 1024) });
    for (const path of ['/api/skills', '/mcp']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...mcpHeaders, ...auth },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: 'BODY_TOO_LARGE' } });
    }
    // Without a declared length (chunked), the limit holds as the bytes arrive.
    const chunked = await fetch(`${base}/api/skills`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await fetch(`${base}/api/skills`, { headers: auth })).status).toBe(200);
  });

  it('answers 404 with NOT_FOUND outside /mcp and /api, for GET and POST alike', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${base}/register`, { method, headers: auth });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});
