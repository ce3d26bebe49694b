// The dashboard's session rules as pure functions: cookie parsing, the per-port cookie with
// HttpOnly/SameSite=Strict, and the CSRF and Origin checks on state-changing requests.
import { describe, expect, it } from 'vitest';
import { checkSessionRequest, cookieValue, createDashboardSessions } from './dashboard-session.js';
import { fileFor } from './dashboard-static.js';

describe('dashboard sessions', () => {
  it('cookieValue finds one cookie among several and ignores look-alike names', () => {
    expect(cookieValue('a=1; openclaw_dashboard_7=xyz; b=2', 'openclaw_dashboard_7')).toBe('xyz');
    expect(cookieValue('xopenclaw_dashboard_7=no', 'openclaw_dashboard_7')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });

  it('a created session is found by its cookie, with HttpOnly, SameSite=Strict and Path=/, named per port', () => {
    const s = createDashboardSessions(() => 4100);
    const { id, csrf } = s.create();
    const set = s.setCookie(id);
    expect(set).toBe(`openclaw_dashboard_4100=${id}; HttpOnly; SameSite=Strict; Path=/`);
    expect(s.find(`openclaw_dashboard_4100=${id}`)).toMatchObject({ id, csrf });
    expect(s.find(`openclaw_dashboard_4100=${id}x`)).toBeUndefined();
    expect(s.find(`openclaw_dashboard_4101=${id}`)).toBeUndefined();
  });

  it('keeps at most `max` sessions, dropping the oldest', () => {
    const s = createDashboardSessions(() => 1, 2);
    const first = s.create();
    s.create();
    s.create();
    expect(s.size()).toBe(2);
    expect(s.find(`openclaw_dashboard_1=${first.id}`)).toBeUndefined();
  });

  it('reads pass; a change needs an Origin and the session CSRF token', () => {
    const session = { csrf: 'secret' };
    expect(
      checkSessionRequest({ method: 'GET', origin: undefined, csrf: undefined }, session),
    ).toBeUndefined();
    expect(
      checkSessionRequest({ method: 'POST', origin: undefined, csrf: 'secret' }, session)?.code,
    ).toBe('ORIGIN_REFUSED');
    expect(
      checkSessionRequest(
        { method: 'DELETE', origin: 'http://127.0.0.1:1', csrf: 'wrong' },
        session,
      )?.code,
    ).toBe('CSRF_REFUSED');
    expect(
      checkSessionRequest(
        { method: 'POST', origin: 'http://127.0.0.1:1', csrf: 'secret' },
        session,
      ),
    ).toBeUndefined();
  });
});

describe('dashboard files', () => {
  it('maps / to index.html and refuses paths that leave the folder', () => {
    expect(fileFor('/srv/dash', '/')).toBe('/srv/dash/index.html');
    expect(fileFor('/srv/dash', '/assets/a.js')).toBe('/srv/dash/assets/a.js');
    expect(fileFor('/srv/dash', '/../secret')).toBeUndefined();
    expect(fileFor('/srv/dash', '/%2e%2e/secret')).toBeUndefined();
    expect(fileFor('/srv/dash', '/%E0%A4%A')).toBeUndefined();
  });
});
