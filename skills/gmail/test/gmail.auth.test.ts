// Gmail on a real OAuth grant: a token that expires mid-conversation is refreshed, a 401 is
// retried once with a new token, and a grant without a tool's scope is AUTH_REQUIRED naming it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gmailSetup, type GmailSetup } from './gmail-host.js';

let s: GmailSetup | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await s?.close();
  s = undefined;
});

const tokensFor = (g: GmailSetup, path: string) =>
  g.gmail.requests.filter((r) => r.path.includes(path)).map((r) => r.token);

describe('gmail auth', () => {
  it('a token that expires between two calls is refreshed once and the second call succeeds with the new token', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    s = await gmailSetup();
    s.oauth.setTokenLifetime(600);
    await s.login();
    const first = await s.host.call({ name: 'gmail.list', input: { query: 'is:unread' } });
    expect(first.isError ? first.message : 'ok').toBe('ok');
    const refreshes = s.oauth.count('refresh_token');
    vi.advanceTimersByTime(11 * 60_000); // past the 10-minute lifetime
    const second = await s.host.call({ name: 'gmail.read', input: { id: '18c1a' } });
    expect(second.isError ? second.message : 'ok').toBe('ok');
    expect(s.oauth.count('refresh_token')).toBe(refreshes + 1);
    const [before] = tokensFor(s, 'q=is');
    const after = tokensFor(s, 'messages/18c1a?format=raw');
    // One request with a new token: it was replaced before use, not after a 401.
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });

  it('a 401 from Gmail is retried once with a refreshed token and the call succeeds', async () => {
    s = await gmailSetup();
    // Opaque tokens: the mock's JWTs minted within one second are identical.
    s.oauth.setOpaqueAccessTokens(true);
    await s.login();
    // A first call gets the tool's token (the host may mint one for exactly its scopes).
    await s.host.call({ name: 'gmail.read', input: { id: '18c1b' } });
    const refreshes = s.oauth.count('refresh_token');
    s.gmail.rejectNext(1);
    const r = await s.host.call({ name: 'gmail.read', input: { id: '18c1a' } });
    expect(r.isError ? r.message : 'ok').toBe('ok');
    const tokens = tokensFor(s, 'messages/18c1a');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokensFor(s, 'messages/18c1b')[0]);
    expect(tokens[1]).not.toBe(tokens[0]);
    expect(s.oauth.count('refresh_token')).toBe(refreshes + 1);
  });

  it('a second 401 in a row is AUTH_REQUIRED with the login command, after exactly two requests', async () => {
    s = await gmailSetup();
    await s.login();
    s.gmail.rejectNext(2);
    const r = await s.host.call({ name: 'gmail.read', input: { id: '18c1a' } });
    expect(r.isError && [r.code, r.hint]).toEqual([
      'AUTH_REQUIRED',
      'Tell the user to run: openclaw-skill auth login gmail',
    ]);
    expect(tokensFor(s, 'messages/18c1a')).toHaveLength(2);
  });

  it('a grant without gmail.send: reading works, sending is AUTH_REQUIRED naming gmail.send and nothing reaches Gmail', async () => {
    s = await gmailSetup();
    await s.login(['gmail.list', 'gmail.read']);
    const read = await s.host.call({ name: 'gmail.read', input: { id: '18c1a' } });
    expect(read.isError ? read.message : 'ok').toBe('ok');
    const r = await s.host.call({
      name: 'gmail.send',
      input: { to: 'ana@example.com', subject: 'Hi', body: 'Hello.' },
    });
    expect(r.isError && r.code).toBe('AUTH_REQUIRED');
    expect(r.isError && r.message).toContain('gmail.send');
    expect(r.isError && r.hint).toBe('Run: openclaw-skill auth login gmail --scopes gmail.send');
    expect(s.gmail.requests.filter((q) => q.path.includes('send'))).toEqual([]);
  });

  it('without any sign-in every tool is AUTH_REQUIRED with the login command', async () => {
    s = await gmailSetup();
    const r = await s.host.call({ name: 'gmail.list', input: {} });
    expect(r.isError && [r.code, r.hint]).toEqual([
      'AUTH_REQUIRED',
      'Run: openclaw-skill auth login gmail',
    ]);
    expect(s.gmail.requests).toEqual([]);
  });
});
