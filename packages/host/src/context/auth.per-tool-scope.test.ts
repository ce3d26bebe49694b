import { createServer } from 'node:http';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser, mailRecord } from '../auth/auth.fixtures.js';
import { createRedactor } from '../redact/index.js';
import { runInCallScope } from '../runners/call-scope.js';
import { createSkillContext } from './create.js';

let server: OAuthTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const scopeOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { scope: string }).scope;

async function setup() {
  const s = await authSetup();
  server = s.server;
  await loginByBrowser(s.manager, s.server);
  const redactor = createRedactor([]);
  const ctx = createSkillContext(mailRecord(), {
    home: s.home,
    config: s.config,
    configFile: `${s.home}/config.json`,
    env: {},
    logger: pino({ level: 'silent' }),
    redactor: () => redactor,
    auth: s.manager,
  });
  const inTool = <T>(tool: string, fn: () => Promise<T>) =>
    runInCallScope({ skill: 'mail', tool, callId: `c-${tool}` }, fn);
  return { ...s, ctx, inTool };
}

describe('ctx.auth per tool scope', () => {
  it('each tool gets a token for its own declared scopes only (checked in the issued JWT)', async () => {
    const { ctx, inTool } = await setup();
    const list = await inTool('mail.list', () => ctx.auth.getAccessToken('google'));
    const send = await inTool('mail.send', () => ctx.auth.getAccessToken('google'));
    expect(scopeOf(list)).toBe('https://www.googleapis.com/auth/gmail.readonly');
    expect(scopeOf(send)).toBe('https://www.googleapis.com/auth/gmail.send');
  });

  it("a tool asking for a sibling's scope is POLICY_DENIED, even though the grant has it", async () => {
    const { ctx, inTool } = await setup();
    await expect(
      inTool('mail.list', () => ctx.auth.getAccessToken('google', { scopes: ['gmail.send'] })),
    ).rejects.toMatchObject({
      code: 'POLICY_DENIED',
      message: expect.stringContaining('tool mail.list does not declare'),
    });
  });

  it('outside a tool call only skill-level scopes are available: a tool scope is POLICY_DENIED', async () => {
    const { ctx } = await setup();
    await expect(
      ctx.auth.getAccessToken('google', { scopes: ['gmail.readonly'] }),
    ).rejects.toMatchObject({
      code: 'POLICY_DENIED',
      message: expect.stringContaining('outside a tool call'),
    });
  });

  it('auth.fetch sends the bearer token; on a 401 it refreshes once and retries once', async () => {
    const { ctx, inTool, server: oauth } = await setup();
    const seen: string[] = [];
    const api = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.writeHead(seen.length === 1 ? 401 : 200).end(seen.length === 1 ? 'expired' : 'ok');
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(api.address() as { port: number }).port}/messages`;
    try {
      const refreshes = oauth.count('refresh_token');
      const res = await inTool('mail.list', () => ctx.auth.fetch('google', url));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('ok');
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatch(/^Bearer eyJ/);
      expect(seen[1]).toMatch(/^Bearer eyJ/);
      // (The mock may mint an identical JWT within one second: the refresh count is the proof.)
      // One refresh for the tool's narrowed token, one to replace the rejected one.
      expect(oauth.count('refresh_token') - refreshes).toBe(2);
      // A second 401 is returned as is: no loop.
      seen.length = 0;
      api.removeAllListeners('request');
      api.on('request', (req, res) => {
        seen.push(req.headers.authorization ?? '');
        res.writeHead(401).end();
      });
      const again = await inTool('mail.list', () => ctx.auth.fetch('google', url));
      expect(again.status).toBe(401);
      expect(seen).toHaveLength(2);
    } finally {
      api.closeAllConnections();
      api.close();
    }
  });
});
