// What the model reads from both tools, through the real router: the place used, conditions
// in words, values with the units Open-Meteo answered in, as text and structured content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '@openclaw/skill-host';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './fake-open-meteo.js';
import { weatherHost } from './weather-host.js';

let api: FakeOpenMeteo;
let metric: SkillHost;
let imperial: SkillHost;
beforeAll(async () => {
  api = await startFakeOpenMeteo();
  const urls = { forecastUrl: api.url, geocodingUrl: api.url };
  metric = await weatherHost(urls);
  imperial = await weatherHost({ ...urls, units: 'imperial' });
});
afterAll(async () => {
  await metric?.close();
  await imperial?.close();
  await api?.close();
});

const lastForecast = () => api.requests.filter((u) => u.pathname === '/v1/forecast').at(-1)!;

describe('weather answers', () => {
  it('weather.current names the place, the conditions in words and metric values with units, in text and structured content', async () => {
    const r = await metric.call({ name: 'weather.current', input: { location: 'Lisbon' } });
    if (r.isError) throw new Error(`${r.code}: ${r.message}`);
    expect(r.structured).toEqual({
      summary:
        'Lisbon, Portugal at 2026-11-29T12:00 local time: partly cloudy, 17 °C, humidity 71 %, wind 12.4 km/h.',
      place: 'Lisbon, Portugal',
      location: {
        name: 'Lisbon',
        region: 'Lisbon',
        country: 'Portugal',
        countryCode: 'PT',
        latitude: 38.71667,
        longitude: -9.13333,
        timezone: 'Europe/Lisbon',
      },
      otherMatches: [],
      time: '2026-11-29T12:00',
      conditions: 'partly cloudy',
      weatherCode: 2,
      temperature: '17 °C',
      humidity: '71 %',
      wind: '12.4 km/h',
    });
    // An open-world tool: the model reads the JSON between the untrusted-data markers.
    expect(r.untrusted?.reason).toBe('open-world');
    expect(JSON.parse(r.text.split('\n').slice(1, -1).join('\n'))).toEqual(r.structured);
    expect(Object.fromEntries(lastForecast().searchParams)).toMatchObject({
      temperature_unit: 'celsius',
      wind_speed_unit: 'kmh',
      precipitation_unit: 'mm',
    });
  });

  it('weather.current in imperial units asks Open-Meteo for °F and mph and reports its unit labels', async () => {
    const r = await imperial.call({ name: 'weather.current', input: { location: 'Lisbon' } });
    expect(r.isError ? r.message : r.structured).toMatchObject({
      temperature: '62.6 °F',
      wind: '7.7 mp/h',
    });
  });

  it('weather.forecast gives one entry per day asked with low, high, precipitation in mm and conditions', async () => {
    const r = await metric.call({
      name: 'weather.forecast',
      input: { location: 'Lisbon', days: 3 },
    });
    if (r.isError) throw new Error(`${r.code}: ${r.message}`);
    const out = r.structured as { summary: string; days: unknown[] };
    expect(out.days).toEqual([
      {
        date: '2026-11-29',
        conditions: 'slight rain',
        weatherCode: 61,
        high: '18 °C',
        low: '10 °C',
        precipitation: '4.2 mm',
      },
      {
        date: '2026-11-30',
        conditions: 'overcast',
        weatherCode: 3,
        high: '19 °C',
        low: '11 °C',
        precipitation: '0 mm',
      },
      {
        date: '2026-12-01',
        conditions: 'clear sky',
        weatherCode: 0,
        high: '20 °C',
        low: '12 °C',
        precipitation: '0 mm',
      },
    ]);
    expect(out.summary).toBe(
      '3-day forecast for Lisbon, Portugal:\n2026-11-29: slight rain, 10 °C to 18 °C, precipitation 4.2 mm\n2026-11-30: overcast, 11 °C to 19 °C, precipitation 0 mm\n2026-12-01: clear sky, 12 °C to 20 °C, precipitation 0 mm',
    );
    expect(lastForecast().searchParams.get('forecast_days')).toBe('3');
  });

  it('weather.forecast in imperial units sends precipitation_unit=inch and reports the inches Open-Meteo returned', async () => {
    const r = await imperial.call({
      name: 'weather.forecast',
      input: { location: 'Lisbon', days: 1 },
    });
    expect(lastForecast().searchParams.get('precipitation_unit')).toBe('inch');
    expect(r.isError ? r.message : (r.structured as { days: unknown[] }).days).toEqual([
      {
        date: '2026-11-29',
        conditions: 'slight rain',
        weatherCode: 61,
        high: '64.4 °F',
        low: '50 °F',
        precipitation: '0.165 inch',
      },
    ]);
  });
});
