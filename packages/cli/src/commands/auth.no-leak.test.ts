// Plants an access token, a refresh token, a client secret and an API key, runs every auth
// path (login, calls that refresh, a tool that tries to log, return and throw its secrets,
// invalid_grant, status, list, doctor, logout), then greps every CLI output, log line,
// audit line, error, the grant index and a catalog snapshot for them: none may appear.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost } from '@openclaw/skill-host';
import { authCliEnv, CLIENT_SECRET, cliLogin, type AuthCliEnv } from './auth.fixtures.js';

const API_KEY = 'planted-api-key-7f2e9c41';

let env: AuthCliEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

describe('tokens and secrets never leak', () => {
  it('no token, refresh token, client secret or API key appears in any output, log, audit line, error, grant index or snapshot', async () => {
    env = await authCliEnv();
    env.oauth.setOpaqueAccessTokens(true); // no JWT shape: redaction must know the values
    env.oauth.setTokenLifetime(1); // every call refreshes: new tokens keep arriving
    const outputs: string[] = [];
    const keep = (r: { out: string; err: string }) => (outputs.push(r.out, r.err), r);

    keep(
      await env.cli(['auth', 'set-key', 'mail', 'MAIL_API_KEY', '--from-env', 'K'], {
        env: { K: API_KEY },
      }),
    );
    expect(keep(await cliLogin(env)).out).toContain('Logged mail in');
    const leak = keep(await env.cli(['call', 'mail.leak', '--json']));
    expect(leak.out).toContain('[REDACTED]'); // the tool did try
    keep(await env.cli(['call', 'mail.leak']));
    keep(await env.cli(['call', 'mail.list', '--json']));

    // The same through the library with a trace logger, and the tool throwing its secrets.
    const cfgFile = join(env.home, 'config.json');
    const cfg = JSON.parse(await readFile(cfgFile, 'utf8')) as {
      skills: { mail: { config: Record<string, unknown> } };
    };
    cfg.skills.mail.config.throw = true;
    await writeFile(cfgFile, JSON.stringify(cfg));
    const lines: string[] = [];
    const host = await createSkillHost({
      home: env.home,
      workspace: env.ws,
      userHome: env.home,
      env: {},
      logger: pino(
        { level: 'trace' },
        new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }),
      ),
    });
    const thrown = await host.call({ name: 'mail.leak', input: {} });
    expect(thrown.isError).toBe(true);
    outputs.push(JSON.stringify(thrown), JSON.stringify(host.snapshot()));
    env.oauth.failNext({
      status: 400,
      body: JSON.stringify({
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      }),
    });
    const refused = await host.call({ name: 'mail.list', input: {} });
    expect(refused).toMatchObject({ isError: true, code: 'AUTH_REQUIRED' });
    outputs.push(JSON.stringify(refused));
    await host.close();
    outputs.push(...lines);

    keep(await env.cli(['auth', 'status']));
    keep(await env.cli(['auth', 'status', '--json']));
    keep(await env.cli(['list', '--json']));
    keep(await env.cli(['doctor', '--json']));
    keep(await env.cli(['auth', 'logout', 'mail']));

    const files = [join(env.home, 'audit.jsonl'), join(env.home, 'auth', 'grants.json')];
    for (const f of files) outputs.push(await readFile(f, 'utf8').catch(() => ''));
    expect(outputs.join('').length).toBeGreaterThan(1000);
    const secrets = [...env.oauth.issued, CLIENT_SECRET, API_KEY];
    expect(env.oauth.issued.length).toBeGreaterThan(6);
    for (const [i, text] of outputs.entries())
      for (const s of secrets)
        expect(text.includes(s), `output #${i} holds a secret: ${text.slice(0, 200)}`).toBe(false);
    // The only place they may be: the opt-in file store (0600).
    expect((await filesUnder(join(env.home, 'secrets'))).length).toBeGreaterThan(0);
  });
});
