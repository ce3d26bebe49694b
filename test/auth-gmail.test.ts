// The bundled gmail skill against a real OAuth server: before a login every call answers
// AUTH_REQUIRED with the command; after a test login (test/support/oauth-login.ts) its
// requests reach the fake Gmail API with a bearer token for the calling tool's scope only.
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '@openclaw/skill-host';
import { startOAuthServer, type OAuthTestServer } from './support/oauth-server.js';
import { loginSkill, testAuthConfig } from './support/oauth-login.js';
import { testLogger, type LogLine } from './support/test-logger.js';

const repo = join(import.meta.dirname, '..');
let oauth: OAuthTestServer;
let host: SkillHost;
const seen: string[] = [];
const logs: LogLine[] = [];
const api = createServer((req, res) => {
  seen.push(req.headers.authorization ?? '');
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end('{"messages":[],"resultSizeEstimate":0}');
});

beforeAll(async () => {
  oauth = await startOAuthServer();
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  const apiBaseUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
  const tmp = await mkdtemp(join(tmpdir(), 'oc-gmail-auth-'));
  host = await createSkillHost({
    logger: testLogger(logs).logger,
    workspace: repo,
    home: join(tmp, 'home'),
    userHome: join(tmp, 'user'),
    env: {},
    hostTools: false,
    config: { ...testAuthConfig(oauth), skills: { gmail: { config: { apiBaseUrl } } } },
  });
});
afterAll(async () => {
  await host?.close();
  api.close();
  await oauth?.stop();
});

const scopeOf = (bearer: string) =>
  (JSON.parse(Buffer.from(bearer.split('.')[1]!, 'base64url').toString()) as { scope: string })
    .scope;

describe('gmail with a Google login', () => {
  it('answers AUTH_REQUIRED naming the login command before a login, and reaches the API with the list scope after', async () => {
    const before = await host.call({ name: 'gmail.list', input: {} });
    expect(before).toMatchObject({
      isError: true,
      code: 'AUTH_REQUIRED',
      hint: 'Run: openclaw-skill auth login gmail',
    });
    const grant = await loginSkill(host, 'gmail', oauth);
    expect(grant.scopes).toEqual(['gmail.modify', 'gmail.readonly', 'gmail.send']);
    const after = await host.call({ name: 'gmail.list', input: {} });
    expect(after.isError).toBe(false);
    expect(seen.at(-1)).toMatch(/^Bearer eyJ/);
    expect(scopeOf(seen.at(-1)!)).toBe('https://www.googleapis.com/auth/gmail.readonly');
    // The host said once that tokens sit in a 0600 file (the test's store), and never a token.
    expect(logs.filter((l) => l.msg.includes('auth.store is "file"')).length).toBe(1);
    expect(JSON.stringify(logs).includes(seen.at(-1)!.slice('Bearer '.length))).toBe(false);
  });
});
