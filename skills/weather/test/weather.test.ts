import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestSkill } from '@openclaw/skill-sdk/testing';
import skill from '../src/index.js';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './fake-open-meteo.js';

let api: FakeOpenMeteo;
beforeAll(async () => {
  api = await startFakeOpenMeteo();
});
afterAll(() => api.close());

const load = (units: 'metric' | 'imperial' = 'metric') =>
  loadTestSkill(skill, {
    name: 'weather',
    config: { forecastUrl: api.url, geocodingUrl: api.url, units },
  });

describe('weather skill', () => {
  it('answers current conditions for a place, in metric units', async () => {
    const { call } = await load();
    const out = (await call('weather.current', { location: 'Lisbon' })) as Record<string, string>;
    expect(out).toMatchObject({
      place: 'Lisbon, Portugal',
      temperature: '17 °C',
      conditions: 'partly cloudy',
    });
  });

  it('uses the country after a comma to pick between places of the same name', async () => {
    const { call } = await load();
    const out = (await call('weather.current', { location: 'Paris, US' })) as Record<
      string,
      string
    >;
    expect(out.place).toBe('Paris, United States');
    const forecastReq = api.requests.filter((u) => u.pathname === '/v1/forecast').at(-1)!;
    expect(forecastReq.searchParams.get('latitude')).toBe('33.66094');
  });

  it('returns a daily forecast for the number of days asked, in imperial units when configured', async () => {
    const { call } = await load('imperial');
    const out = (await call('weather.forecast', { location: 'Paris, FR', days: 2 })) as {
      days: Array<Record<string, string>>;
    };
    expect(out.days).toHaveLength(2);
    expect(out.days[0]).toMatchObject({
      date: '2026-11-29',
      high: '64 °F',
      conditions: 'light rain',
      precipitation: '4.2 in',
    });
  });

  it('tells the model to ask again when no place matches', async () => {
    const { call } = await load();
    await expect(call('weather.current', { location: 'Atlantis' })).rejects.toMatchObject({
      code: 'SKILL_ERROR',
      message: 'No place called "Atlantis" was found.',
    });
  });

  it('rejects an already aborted call without sending any HTTP request', async () => {
    const { call } = await load();
    const ac = new AbortController();
    ac.abort();
    const before = api.requests.length;
    await expect(
      call('weather.current', { location: 'Lisbon' }, { signal: ac.signal }),
    ).rejects.toThrow(/abort/i);
    expect(api.requests).toHaveLength(before);
  });
});
