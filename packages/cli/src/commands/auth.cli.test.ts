import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authCliEnv, cliLogin, type AuthCliEnv } from './auth.fixtures.js';

let env: AuthCliEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe('openclaw-skill auth', () => {
  it('list shows "needs login" with the command; login --no-browser prints the URL the user follows; then list says ready and a call succeeds', async () => {
    env = await authCliEnv();
    const before = await env.cli(['list', '--json']);
    const mail = (
      JSON.parse(before.out) as { name: string; status: string; login?: string }[]
    ).find((s) => s.name === 'mail');
    expect(mail).toMatchObject({ status: 'needs-login', login: 'openclaw-skill auth login mail' });
    const text = await env.cli(['list']);
    expect(text.out).toContain('needs login');
    expect(text.out).toContain('run: openclaw-skill auth login mail');

    const login = await cliLogin(env);
    expect(login.err).toContain('Open this URL to log mail in:');
    expect(login.code).toBe(0);
    expect(login.out).toBe(
      'Logged mail in to google as johndoe (scopes: gmail.readonly, gmail.send).\n'.replace(
        ', gmail.send',
        '',
      ),
    );
    expect(login.err).toMatch(/^warning: auth.store is "file"/m);

    const after = await env.cli(['list', '--json']);
    expect(
      (JSON.parse(after.out) as { name: string; status: string }[]).find((s) => s.name === 'mail')!
        .status,
    ).toBe('ready');
    const call = await env.cli(['call', 'mail.list', '--json']);
    expect(call.code).toBe(0);
    expect(JSON.parse(call.out)).toMatchObject({ isError: false });
    expect(env.apiAuth.at(-1)).toMatch(/^Bearer /);
  });

  it('status --json lists accounts, scopes, expiry and state and never a token; logout revokes and removes the grant', async () => {
    env = await authCliEnv();
    await cliLogin(env);
    const status = await env.cli(['auth', 'status', '--json']);
    expect(status.code).toBe(0);
    const parsed = JSON.parse(status.out) as {
      grants: Record<string, unknown>[];
      needsLogin: unknown[];
    };
    expect(parsed.needsLogin).toEqual([]);
    expect(parsed.grants).toEqual([
      expect.objectContaining({
        skill: 'mail',
        provider: 'google',
        account: 'johndoe',
        state: 'active',
        scopes: ['gmail.readonly'],
        expiresAt: expect.any(Number),
      }),
    ]);
    expect(status.out).not.toMatch(/eyJ|access_token|refresh/i);
    const out = await env.cli(['auth', 'logout', 'mail']);
    expect(out.code).toBe(0);
    expect(out.out).toBe('Logged mail out of google (johndoe); revoked at the provider.\n');
    expect(env.oauth.revocations).toHaveLength(1);
    const empty = JSON.parse((await env.cli(['auth', 'status', '--json'])).out) as {
      grants: unknown[];
    };
    expect(empty.grants).toEqual([]);
  });

  it('logout takes what login takes: a provider name logs out the one skill whose grant uses it', async () => {
    env = await authCliEnv();
    expect((await cliLogin(env, 'google')).code).toBe(0);
    const out = await env.cli(['auth', 'logout', 'google']);
    expect(out.code).toBe(0);
    expect(out.out).toBe('Logged mail out of google (johndoe); revoked at the provider.\n');
    expect(env.oauth.revocations).toHaveLength(1);
    const again = await env.cli(['auth', 'logout', 'google']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Nothing to log out: no grant for "google"');
  });

  it('login by provider name finds the one skill that uses it; unknown names and flags fail with one line', async () => {
    env = await authCliEnv();
    const byProvider = await cliLogin(env, 'google');
    expect(byProvider.code).toBe(0);
    expect(byProvider.out).toContain('Logged mail in to google');
    const unknown = await env.cli(['auth', 'login', 'nope', '--no-browser']);
    expect(unknown.code).toBe(1);
    expect(unknown.err.trim().split('\n')[0]).toBe(
      'openclaw-skill: No skill or provider named "nope" is in use here; openclaw-skill list shows the skills.',
    );
    const bad = await env.cli(['auth', 'login', 'mail', '--device', '--client-credentials']);
    expect(bad.code).toBe(2);
  });

  it('a provider without a client id fails naming the config key and env var (the --json error carries the hint), and stores nothing', async () => {
    env = await authCliEnv();
    const cfgFile = join(env.home, 'config.json');
    const cfg = JSON.parse(await readFile(cfgFile, 'utf8')) as {
      auth: { providers: { google: Record<string, unknown> } };
    };
    delete cfg.auth.providers.google.clientId;
    await (await import('node:fs/promises')).writeFile(cfgFile, JSON.stringify(cfg));
    const r = await env.cli(['auth', 'login', 'mail', '--no-browser']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('auth.providers.google.clientId');
    expect(r.err).toContain('OPENCLAW_GOOGLE_CLIENT_ID');
    const json = await env.cli(['auth', 'login', 'mail', '--no-browser', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({
      error: {
        code: 'CONFIG_INVALID',
        hint: 'Register an OAuth client with google, put its id in auth.providers.google.clientId, then run the login again.',
      },
    });
    const status = JSON.parse((await env.cli(['auth', 'status', '--json'])).out) as {
      grants: unknown[];
    };
    expect(status.grants).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')(
    'with neither a client id nor a keychain, login names the missing client id (configuration before environment)',
    async () => {
      env = await authCliEnv({ store: 'keychain' });
      const cfgFile = join(env.home, 'config.json');
      const cfg = JSON.parse(await readFile(cfgFile, 'utf8')) as {
        auth: { providers: { google: Record<string, unknown> } };
      };
      delete cfg.auth.providers.google.clientId;
      await (await import('node:fs/promises')).writeFile(cfgFile, JSON.stringify(cfg));
      const r = await env.cli(['auth', 'login', 'mail', '--no-browser'], {
        env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      });
      expect(r.code).toBe(1);
      expect(r.err).toContain('No OAuth client id for "google"');
      expect(r.err).not.toContain('keychain');
    },
  );

  it('set-key stores an API key the manifest declares (from --from-env) and the skill gets it; an undeclared name is refused', async () => {
    env = await authCliEnv();
    const r = await env.cli(['auth', 'set-key', 'mail', 'MAIL_API_KEY', '--from-env', 'K'], {
      env: { K: 'key-value-123456' },
    });
    expect(r.code).toBe(0);
    expect(r.out).toBe('Stored the key MAIL_API_KEY for mail.\n');
    // The skill gets it through ctx.auth (and ctx.secrets), redacted from what it returns.
    await cliLogin(env);
    const call = await env.cli(['call', 'mail.leak', '--json']);
    expect(call.code).toBe(0);
    expect(JSON.parse(call.out)).toMatchObject({
      isError: false,
      structured: { key: '[REDACTED]' },
    });
    const bad = await env.cli(['auth', 'set-key', 'mail', 'OTHER', '--from-env', 'K'], {
      env: { K: 'x' },
    });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('does not declare a key "OTHER"');
  });

  it.skipIf(process.platform !== 'linux')(
    'without a reachable keychain, login says so in one line naming the file-store opt-in, before any browser step',
    async () => {
      env = await authCliEnv({ store: 'keychain' });
      const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
      process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus'; // never a real keychain
      try {
        const r = await env.cli(['auth', 'login', 'mail', '--no-browser']);
        expect(r.code).toBe(1);
        const lines = r.err.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^openclaw-skill: No OS keychain is reachable: no D-Bus session bus is running here .+ Start one with dbus-run-session -- \$SHELL .+ or set "auth": \{ "store": "file" \} in .+config\.json to keep tokens in a 0600 file instead\.$/,
        );
        expect(env.oauth.count()).toBe(0);
      } finally {
        if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
        else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
      }
    },
  );

  it('login --device prints the verification URL and user code, and finishes once the user approves', async () => {
    env = await authCliEnv();
    const r = await env.cli(['auth', 'login', 'mail', '--device'], {
      onErr: (err) => {
        const m = /enter the code (\S+)/.exec(err);
        if (m) env!.oauth.approveDevice(m[1]!);
      },
    });
    expect(r.err).toContain(`open ${env.oauth.url}/device and enter the code`);
    expect(r.code).toBe(0);
    expect(r.out).toBe('Logged mail in to google as johndoe (scopes: gmail.readonly).\n');
  });
});
