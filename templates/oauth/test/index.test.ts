import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTester } from '@openclaw/skill-sdk/testing';
import skill from '../src/index.js';
import { startFakeCalendarApi, type FakeCalendarApi } from './fake-calendar-api.js';

// The tester plays the host: it checks input against manifest.json and gives each tool a
// fake token only for the provider and scopes that tool declares.
const manifest = new URL('../manifest.json', import.meta.url);
let api: FakeCalendarApi;
beforeAll(async () => {
  api = await startFakeCalendarApi();
});
afterAll(() => api.close());

const tester = () =>
  createTester(skill, {
    manifest,
    config: { apiBaseUrl: api.url },
    tokens: { google: 'test-token' },
  });

describe('{{name}}', () => {
  it('lists calendars with the bearer token, asking only for calendar.readonly', async () => {
    const t = await tester();
    expect(await t.run('{{name}}.calendars')).toEqual([
      { id: 'ada@example.com', name: 'Ada', primary: true },
      { id: 'team@group.calendar.google.com', name: 'Team', primary: false },
    ]);
    expect(api.requests.at(-1)).toMatchObject({
      path: '/calendar/v3/users/me/calendarList?maxResults=50',
      authorization: 'Bearer test-token',
    });
    expect(t.authRequests).toEqual([
      { tool: '{{name}}.calendars', provider: 'google', scopes: ['calendar.readonly'] },
    ]);
  });

  it('adds an event with the calendar.events scope', async () => {
    const t = await tester();
    const out = await t.run('{{name}}.add_event', {
      summary: 'Review',
      start: '2026-12-01T10:00:00Z',
      end: '2026-12-01T11:00:00Z',
    });
    expect(out).toEqual({ id: 'evt1', link: 'https://calendar.example/evt1' });
    expect(JSON.parse(api.requests.at(-1)!.body)).toEqual({
      summary: 'Review',
      start: { dateTime: '2026-12-01T10:00:00Z' },
      end: { dateTime: '2026-12-01T11:00:00Z' },
    });
    expect(t.authRequests.map((r) => r.scopes)).toEqual([['calendar.events']]);
  });

  it('answers AUTH_REQUIRED when the user has not logged in', async () => {
    const t = await createTester(skill, { manifest, config: { apiBaseUrl: api.url } });
    await expect(t.run('{{name}}.calendars')).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it('turns an API error into a message for the model', async () => {
    const t = await createTester(skill, {
      manifest,
      config: { apiBaseUrl: api.url },
      tokens: { google: 'expired-token' },
    });
    await expect(t.run('{{name}}.calendars')).rejects.toMatchObject({
      code: 'SKILL_ERROR',
      message: 'Google Calendar answered 401.',
    });
  });
});
