// A small local server answering in Open-Meteo's shape (geocoding /v1/search and
// /v1/forecast), since tests cannot reach the real API. Fields and names follow the real
// responses; the numbers are made up but stable so tests can assert on them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const PLACES = [
  {
    id: 2267057,
    name: 'Lisbon',
    latitude: 38.71667,
    longitude: -9.13333,
    country_code: 'PT',
    country: 'Portugal',
    timezone: 'Europe/Lisbon',
  },
  {
    id: 2988507,
    name: 'Paris',
    latitude: 48.85341,
    longitude: 2.3488,
    country_code: 'FR',
    country: 'France',
    timezone: 'Europe/Paris',
  },
  {
    id: 4717560,
    name: 'Paris',
    latitude: 33.66094,
    longitude: -95.55551,
    country_code: 'US',
    country: 'United States',
    timezone: 'America/Chicago',
  },
];

export interface FakeOpenMeteo {
  url: string;
  requests: URL[];
  close(): Promise<void>;
}

export async function startFakeOpenMeteo(): Promise<FakeOpenMeteo> {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/v1/search') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const results = PLACES.filter((p) => p.name.toLowerCase().startsWith(name));
      // The real API omits `results` when nothing matches.
      return send(
        200,
        results.length ? { results, generationtime_ms: 0.5 } : { generationtime_ms: 0.4 },
      );
    }
    if (url.pathname === '/v1/forecast') {
      const lat = Number(url.searchParams.get('latitude'));
      if (Number.isNaN(lat))
        return send(400, { error: true, reason: 'Parameter latitude is required' });
      const f = url.searchParams.get('temperature_unit') === 'fahrenheit';
      const t = (c: number) => (f ? Math.round((c * 9) / 5 + 32) : c);
      const base = {
        latitude: lat,
        longitude: Number(url.searchParams.get('longitude')),
        timezone: 'GMT',
        elevation: 10,
      };
      if (url.searchParams.has('current')) {
        return send(200, {
          ...base,
          current_units: { temperature_2m: f ? '°F' : '°C', wind_speed_10m: f ? 'mp/h' : 'km/h' },
          current: {
            time: '2026-11-29T12:00',
            interval: 900,
            temperature_2m: t(17),
            relative_humidity_2m: 71,
            wind_speed_10m: 12.4,
            weather_code: 2,
          },
        });
      }
      const days = Number(url.searchParams.get('forecast_days') ?? 7);
      const time = Array.from(
        { length: days },
        (_, i) => `2026-11-${String(29 + i).padStart(2, '0')}`,
      );
      return send(200, {
        ...base,
        daily: {
          time,
          weather_code: time.map((_, i) => [61, 3, 0][i % 3]),
          temperature_2m_max: time.map((_, i) => t(18 + i)),
          temperature_2m_min: time.map((_, i) => t(10 + i)),
          precipitation_sum: time.map((_, i) => (i % 3 === 0 ? 4.2 : 0)),
        },
      });
    }
    send(404, { error: true, reason: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
