import { describe, expect, it } from 'vitest';
import { expandScopes, PRESETS, resolveProvider } from './providers.js';

const resolve = (name: string, config = {}, env: NodeJS.ProcessEnv = {}) =>
  resolveProvider(name, config, env, '/h/config.json');

describe('provider presets and custom providers', () => {
  it('google expands short scope names to real scope URLs and asks for offline access with consent', () => {
    const g = resolve('google', {}, { OPENCLAW_GOOGLE_CLIENT_ID: 'id-from-env' });
    expect(g.clientId).toBe('id-from-env');
    expect(expandScopes(g, ['gmail.readonly', 'gmail.send'])).toEqual([
      'https://www.googleapis.com/auth/gmail.readonly',
      'https://www.googleapis.com/auth/gmail.send',
    ]);
    expect(g.authorizeParams).toMatchObject({ access_type: 'offline', prompt: 'consent' });
    expect(g.tokenUrl).toBe('https://oauth2.googleapis.com/token');
  });

  it('github, microsoft and slack presets map their short names; unknown names pass through', () => {
    for (const name of ['github', 'microsoft', 'slack'])
      expect(PRESETS[name]!.authorizeUrl).toMatch(/^https:\/\//);
    const gh = resolve('github', { auth: { providers: { github: { clientId: 'c' } } } });
    expect(expandScopes(gh, ['user.email', 'custom:thing'])).toEqual([
      'user:email',
      'custom:thing',
    ]);
    const ms = resolve('microsoft', { auth: { providers: { microsoft: { clientId: 'c' } } } });
    expect(expandScopes(ms, ['mail.read'])).toEqual(['https://graph.microsoft.com/Mail.Read']);
    expect(
      resolve('slack', { auth: { providers: { slack: { clientId: 'c' } } } }).scopeSeparator,
    ).toBe(',');
  });

  it('a custom provider comes from auth.providers with its own scope aliases; config overrides preset endpoints', () => {
    const config = {
      auth: {
        providers: {
          acme: {
            type: 'oauth2' as const,
            authorizeUrl: 'https://id.acme.test/authorize',
            tokenUrl: 'https://id.acme.test/token',
            clientId: 'acme-id',
            clientSecret: 'acme-secret',
            scopes: { read: 'acme:read:all' },
          },
          google: { preset: 'google', tokenUrl: 'http://127.0.0.1:1/token', clientId: 'g' },
        },
      },
    };
    const acme = resolve('acme', config);
    expect(acme).toMatchObject({
      clientId: 'acme-id',
      clientSecret: 'acme-secret',
      narrowOnRefresh: true,
    });
    expect(expandScopes(acme, ['read'])).toEqual(['acme:read:all']);
    expect(resolve('google', config).tokenUrl).toBe('http://127.0.0.1:1/token');
    expect(resolve('google', config).scopes['gmail.send']).toBe(
      'https://www.googleapis.com/auth/gmail.send',
    );
  });

  it('an unknown provider, a bad preset and a missing client id each fail with one line naming what to set', () => {
    expect(() => resolve('nope')).toThrow(/Unknown auth provider "nope".*auth\.providers\.nope/);
    expect(() =>
      resolve('x', { auth: { providers: { x: { preset: 'yahoo', clientId: 'c' } } } }),
    ).toThrow(/auth\.providers\.x\.preset "yahoo" is not a preset/);
    expect(() => resolve('google')).toThrow(
      'No OAuth client id for "google": set auth.providers.google.clientId in /h/config.json or OPENCLAW_GOOGLE_CLIENT_ID in the environment.',
    );
    expect(() =>
      resolve('acme', { auth: { providers: { acme: { clientId: 'c', tokenUrl: 'https://t' } } } }),
    ).toThrow(/needs "authorizeUrl" and "tokenUrl"/);
  });
});
