// Which place the tools use, and what the model is told when a name is ambiguous or unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '@openclaw/skill-host';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './fake-open-meteo.js';
import { weatherHost } from './weather-host.js';

let api: FakeOpenMeteo;
let host: SkillHost;
beforeAll(async () => {
  api = await startFakeOpenMeteo();
  host = await weatherHost({ forecastUrl: api.url, geocodingUrl: api.url });
});
afterAll(async () => {
  await host?.close();
  await api?.close();
});

const lastForecast = () => api.requests.filter((u) => u.pathname === '/v1/forecast').at(-1)!;
const current = async (location: string) => {
  const r = await host.call({ name: 'weather.current', input: { location } });
  if (r.isError) throw new Error(`${r.code}: ${r.message}`);
  return r.structured as { place: string; summary: string; otherMatches: string[] };
};

describe('weather places', () => {
  it('"Portland, Oregon, US" uses Portland in Oregon (all three parts count) and lists no other match', async () => {
    const out = await current('Portland, Oregon, US');
    expect([out.place, out.otherMatches]).toEqual(['Portland, Oregon, United States', []]);
    expect(lastForecast().searchParams.get('latitude')).toBe('45.52345');
    expect(
      api.requests
        .filter((u) => u.pathname === '/v1/search')
        .at(-1)!
        .searchParams.get('name'),
    ).toBe('Portland');
  });

  it('"Portland, Maine" uses the region to pick the smaller Portland', async () => {
    expect((await current('Portland, Maine')).place).toBe('Portland, Maine, United States');
    expect(lastForecast().searchParams.get('latitude')).toBe('43.66147');
  });

  it('an ambiguous "Paris" uses the first match and tells the model which one and what else matched', async () => {
    const out = await current('Paris');
    expect(out.place).toBe('Paris, Île-de-France, France');
    expect(out.otherMatches).toEqual(['Paris, Texas, United States']);
    expect(out.summary).toContain(
      '2 places match "Paris"; this is Paris, Île-de-France, France. Others: Paris, Texas, United States. Add the region or country after a comma to choose another.',
    );
  });

  it('an unknown place is INVALID_INPUT saying nothing was found, with a hint not to guess, and no forecast request', async () => {
    const before = api.requests.length;
    const r = await host.call({ name: 'weather.forecast', input: { location: 'Atlantis' } });
    expect(r.isError && [r.code, r.message]).toEqual([
      'INVALID_INPUT',
      'No place called "Atlantis" was found.',
    ]);
    expect(r.isError && r.hint).toContain('Do not guess coordinates');
    expect(api.requests.slice(before).map((u) => u.pathname)).toEqual(['/v1/search']);
  });

  it('a known name in the wrong country says where the name was found', async () => {
    const r = await host.call({ name: 'weather.current', input: { location: 'Paris, Germany' } });
    expect(r.isError && [r.code, r.message]).toEqual([
      'INVALID_INPUT',
      '"Paris" was found only in France, United States, not in "Germany".',
    ]);
  });
});
