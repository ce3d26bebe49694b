// ctx.auth from a worker or sandbox runner, against a real OAuth server: each tool gets an
// access token for its own declared scopes only (the call scope crosses the RPC), a sibling's
// scope is POLICY_DENIED, and auth.fetch runs inside the runner with a token fetched over RPC:
// on a 401 the host replaces the rejected token once and the request is retried once.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, loginByBrowser, mailManifest, mailRecord } from '../auth/auth.fixtures.js';
import { createSkillContext } from '../context/create.js';
import { createRedactor } from '../redact/index.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { createSandboxRunner } from './sandbox.js';
import type { ActiveSkill, Runner } from './types.js';
import { createWorkerRunner } from './worker.js';

let server: OAuthTestServer | undefined;
const actives: ActiveSkill[] = [];
afterEach(async () => {
  await Promise.all(actives.splice(0).map((a) => a.dispose()));
  await server?.stop();
  server = undefined;
});

const scopeOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { scope: string }).scope;

const code = `export default { createTools(ctx) { return {
  'mail.list': async (input) => {
    if (input.url) {
      const res = await ctx.auth.fetch('google', input.url);
      return { status: res.status, body: await res.text() };
    }
    return ctx.auth.getAccessToken('google', input.scopes ? { scopes: input.scopes } : undefined);
  },
  'mail.send': () => ctx.auth.getAccessToken('google'),
}; } };\n`;

async function setup(runner: Runner) {
  const s = await authSetup();
  server = s.server;
  await loginByBrowser(s.manager, s.server);
  const dir = await writeCodeSkill(await tempDir(), 'mail', { tools: ['list', 'send'], code });
  // The sandbox reaches no host unless declared: the test API is on loopback.
  const manifest = { ...mailManifest, permissions: { network: ['127.0.0.1'] } };
  const record = { ...mailRecord(manifest), dir, entry: join(dir, 'index.js') };
  const redactor = createRedactor([]);
  const ctx = createSkillContext(record, {
    home: s.home,
    config: s.config,
    configFile: join(s.home, 'config.json'),
    env: {},
    logger: pino({ level: 'silent' }),
    redactor: () => redactor,
    auth: s.manager,
  });
  const active = await runner.activate(record, ctx);
  actives.push(active);
  const call = (tool: string, input: object, id: string) =>
    active.invoke(tool, input, { signal: new AbortController().signal, callId: id });
  return { ...s, call };
}

describe.each([
  ['worker', () => createWorkerRunner()],
  ['sandbox', () => createSandboxRunner()],
] as const)('%s runner: ctx.auth over RPC', (_kind, make) => {
  it('concurrent calls of two tools each get a token for their own scopes (checked in the JWT)', async () => {
    const { call } = await setup(make());
    const [list, send] = (await Promise.all([
      call('mail.list', {}, 'c1'),
      call('mail.send', {}, 'c2'),
    ])) as string[];
    expect(scopeOf(list!)).toBe('https://www.googleapis.com/auth/gmail.readonly');
    expect(scopeOf(send!)).toBe('https://www.googleapis.com/auth/gmail.send');
  });

  it("a tool asking for its sibling's scope is POLICY_DENIED", async () => {
    const { call } = await setup(make());
    await expect(call('mail.list', { scopes: ['gmail.send'] }, 'c1')).rejects.toMatchObject({
      code: 'POLICY_DENIED',
    });
  });

  it('auth.fetch in the runner: a 401 makes the host refresh once and the runner retry once', async () => {
    const { call, server: oauth } = await setup(make());
    const seen: string[] = [];
    const api = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.writeHead(seen.length === 1 ? 401 : 200).end(seen.length === 1 ? 'expired' : 'ok');
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(api.address() as { port: number }).port}/messages`;
    try {
      const refreshes = oauth.count('refresh_token');
      expect(await call('mail.list', { url }, 'c1')).toEqual({ status: 200, body: 'ok' });
      expect(seen).toHaveLength(2);
      expect(seen.every((h) => /^Bearer eyJ/.test(h))).toBe(true);
      // One refresh for the tool's narrowed token, one to replace the rejected one.
      expect(oauth.count('refresh_token') - refreshes).toBe(2);
    } finally {
      api.closeAllConnections();
      api.close();
    }
  });
});
