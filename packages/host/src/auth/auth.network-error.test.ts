// A login, token request or revocation that never reaches the provider is one NETWORK_ERROR
// naming the host and the cause, with a connectivity hint: never a bare "fetch failed", never
// wreck's synthetic HTTP 502, and never the client secret or a token. The unreachable
// endpoint is a real loopback port nobody listens on (opened, noted, closed).
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';
import type { SkillError } from '@openclaw/skill-sdk';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthTestServer } from '@openclaw/test-utils/oauth-server';
import { authSetup, googleAt, mailRecord } from './auth.fixtures.js';
import { rejection } from '../testing/rejection.js';

const SECRET = 'client-secret-value-123';
let dead: string;
let server: OAuthTestServer | undefined;

beforeAll(async () => {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  dead = `127.0.0.1:${port}`;
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The error as a user or a log sees it: message, hint and details. */
const shown = (e: SkillError) => JSON.stringify({ m: e.message, h: e.hint, d: e.details });

function expectNetworkError(e: SkillError, what: string, host: string, cause: string) {
  expect(e).toMatchObject({
    code: 'NETWORK_ERROR',
    message: `${what} could not reach ${host} (${cause}).`,
    hint: expect.stringContaining('connectivity problem'),
    details: { cause, host },
  });
  expect(shown(e)).not.toContain(SECRET);
  expect(shown(e)).not.toContain('fetch failed');
}

describe('auth flows: an unreachable endpoint is NETWORK_ERROR', () => {
  it('device login: the device authorization request to a refused port names the host and ECONNREFUSED', async () => {
    const s = await authSetup();
    server = s.server;
    s.config.auth!.providers!.google = googleAt(s.server, {
      deviceAuthorizationUrl: `http://${dead}/device_authorization`,
    }).auth!.providers!.google!;
    const prompts: unknown[] = [];
    const e = await rejection(
      s.manager.login(mailRecord(), {
        key: 'google',
        flow: 'device',
        onPrompt: (p) => void prompts.push(p),
      }),
    );
    expectNetworkError(e, 'The device authorization request of google', dead, 'ECONNREFUSED');
    expect(prompts).toEqual([]);
    expect(await s.manager.list()).toEqual([]);
  });

  it('client-credentials login: a refused token endpoint is NETWORK_ERROR after the retries, not "HTTP 502"', async () => {
    const s = await authSetup({ manager: { retry: { attempts: 2, baseMs: 1, maxMs: 1 } } });
    server = s.server;
    s.config.auth!.providers!.google = googleAt(s.server, {
      tokenUrl: `http://${dead}/token`,
    }).auth!.providers!.google!;
    const e = await rejection(
      s.manager.login(mailRecord(), { key: 'google', flow: 'client-credentials' }),
    );
    expectNetworkError(e, 'The token endpoint of google', dead, 'ECONNREFUSED');
    expect(e.message).not.toContain('502');
    expect(await s.manager.list()).toEqual([]);
  });

  it('logout: a refused revocation endpoint is reported as a network failure, and the grant is removed anyway', async () => {
    const s = await authSetup();
    server = s.server;
    await s.manager.login(mailRecord(), { key: 'google', flow: 'client-credentials' });
    s.config.auth!.providers!.google = googleAt(s.server, {
      revokeUrl: `http://${dead}/revoke`,
    }).auth!.providers!.google!;
    const results = await s.manager.logout({ skill: 'mail' });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      revoked: false,
      error: `The revocation request of google could not reach ${dead} (ECONNREFUSED).`,
    });
    expect(JSON.stringify(results)).not.toContain(SECRET);
    for (const t of s.server.issued) expect(JSON.stringify(results)).not.toContain(t);
    expect(await s.manager.list()).toEqual([]);
  });
});

describe('auth flows: a host name that does not resolve', () => {
  // `.invalid` never resolves (RFC 6761); whether the lookup answers "not found" at once
  // depends on the machine's resolver, so the case runs only where it does.
  let resolverAnswers = false;
  beforeAll(async () => {
    resolverAnswers = await lookup('openclaw-probe.invalid').then(
      () => false,
      (e: { code?: string }) => e.code === 'ENOTFOUND',
    );
    if (!resolverAnswers)
      console.log(
        'auth.network-error: the .invalid case did not run: this resolver does not answer ENOTFOUND for .invalid names.',
      );
  });

  it('device login: an unresolvable device endpoint names the host and ENOTFOUND', async (t) => {
    if (!resolverAnswers) t.skip();
    const s = await authSetup();
    server = s.server;
    s.config.auth!.providers!.google = googleAt(s.server, {
      deviceAuthorizationUrl: 'http://oauth.openclaw.invalid/device',
    }).auth!.providers!.google!;
    const e = await rejection(
      s.manager.login(mailRecord(), { key: 'google', flow: 'device', onPrompt: () => {} }),
    );
    expectNetworkError(
      e,
      'The device authorization request of google',
      'oauth.openclaw.invalid',
      'ENOTFOUND',
    );
  });
});
