// A small local server answering in Open-Meteo's shape (geocoding /v1/search and
// /v1/forecast), since tests cannot reach the real API. Field names, unit labels and error
// bodies (`{"error": true, "reason": ...}`) follow the public API reference; the numbers are
// made up but stable. Like the real API it honours temperature_unit, wind_speed_unit and
// precipitation_unit, and leaves `results` out when no place matches.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const PLACES = [
  {
    id: 2267057,
    name: 'Lisbon',
    latitude: 38.71667,
    longitude: -9.13333,
    country_code: 'PT',
    country: 'Portugal',
    admin1: 'Lisbon',
    timezone: 'Europe/Lisbon',
    population: 517802,
  },
  {
    id: 2988507,
    name: 'Paris',
    latitude: 48.85341,
    longitude: 2.3488,
    country_code: 'FR',
    country: 'France',
    admin1: 'Île-de-France',
    timezone: 'Europe/Paris',
    population: 2138551,
  },
  {
    id: 4717560,
    name: 'Paris',
    latitude: 33.66094,
    longitude: -95.55551,
    country_code: 'US',
    country: 'United States',
    admin1: 'Texas',
    admin2: 'Lamar',
    timezone: 'America/Chicago',
    population: 24782,
  },
  {
    id: 5746545,
    name: 'Portland',
    latitude: 45.52345,
    longitude: -122.67621,
    country_code: 'US',
    country: 'United States',
    admin1: 'Oregon',
    admin2: 'Multnomah',
    timezone: 'America/Los_Angeles',
    population: 652503,
  },
  {
    id: 4975802,
    name: 'Portland',
    latitude: 43.66147,
    longitude: -70.25533,
    country_code: 'US',
    country: 'United States',
    admin1: 'Maine',
    admin2: 'Cumberland',
    timezone: 'America/New_York',
    population: 66881,
  },
  {
    id: 2152668,
    name: 'Portland',
    latitude: -38.34623,
    longitude: 141.60383,
    country_code: 'AU',
    country: 'Australia',
    admin1: 'Victoria',
    timezone: 'Australia/Melbourne',
    population: 9712,
  },
];

export interface ScriptedAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface FakeOpenMeteo {
  url: string;
  requests: URL[];
  /** The next requests to `path` get these answers instead of data (an error the service sends). */
  answerNext(path: '/v1/search' | '/v1/forecast', ...answers: ScriptedAnswer[]): void;
  /** The next request to `path` gets no answer: `arrived` when it comes, `clientGone` when its client hangs up. */
  holdNext(path: '/v1/search' | '/v1/forecast'): {
    arrived: Promise<void>;
    clientGone: Promise<void>;
  };
  close(): Promise<void>;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

function forecastBody(url: URL) {
  const p = url.searchParams;
  const f = p.get('temperature_unit') === 'fahrenheit';
  const wind = p.get('wind_speed_unit') ?? 'kmh';
  const inch = p.get('precipitation_unit') === 'inch';
  const t = (c: number) => (f ? round((c * 9) / 5 + 32, 1) : c);
  const w = (kmh: number) => (wind === 'mph' ? round(kmh / 1.609344, 1) : kmh);
  const mm = (x: number) => (inch ? round(x / 25.4, 3) : x);
  const tLabel = f ? '°F' : '°C';
  const wLabel = wind === 'mph' ? 'mp/h' : 'km/h';
  const base = {
    latitude: Number(p.get('latitude')),
    longitude: Number(p.get('longitude')),
    generationtime_ms: 0.05,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 10,
  };
  if (p.has('current')) {
    return {
      ...base,
      current_units: {
        time: 'iso8601',
        interval: 'seconds',
        temperature_2m: tLabel,
        relative_humidity_2m: '%',
        wind_speed_10m: wLabel,
        weather_code: 'wmo code',
      },
      current: {
        time: '2026-11-29T12:00',
        interval: 900,
        temperature_2m: t(17),
        relative_humidity_2m: 71,
        wind_speed_10m: w(12.4),
        weather_code: 2,
      },
    };
  }
  const days = Number(p.get('forecast_days') ?? 7);
  const time = Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(2026, 10, 29 + i)).toISOString().slice(0, 10),
  );
  return {
    ...base,
    daily_units: {
      time: 'iso8601',
      weather_code: 'wmo code',
      temperature_2m_max: tLabel,
      temperature_2m_min: tLabel,
      precipitation_sum: inch ? 'inch' : 'mm',
    },
    daily: {
      time,
      weather_code: time.map((_, i) => [61, 3, 0][i % 3]),
      temperature_2m_max: time.map((_, i) => t(18 + i)),
      temperature_2m_min: time.map((_, i) => t(10 + i)),
      precipitation_sum: time.map((_, i) => (i % 3 === 0 ? mm(4.2) : 0)),
    },
  };
}

export async function startFakeOpenMeteo(): Promise<FakeOpenMeteo> {
  const requests: URL[] = [];
  const scripted = new Map<string, ScriptedAnswer[]>();
  const holds = new Map<string, { arrived: () => void; gone: () => void }>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const hold = holds.get(url.pathname);
    if (hold) {
      holds.delete(url.pathname);
      res.on('close', hold.gone);
      hold.arrived();
      return;
    }
    const send = (status: number, body: unknown, out: ServerResponse = res) => {
      out.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      out.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const next = scripted.get(url.pathname)?.shift();
    if (next) {
      res.writeHead(next.status, {
        'content-type': 'application/json; charset=utf-8',
        ...next.headers,
      });
      return res.end(next.body);
    }
    if (url.pathname === '/v1/search') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const results = PLACES.filter((p) => p.name.toLowerCase().startsWith(name));
      return send(
        200,
        results.length ? { results, generationtime_ms: 0.5 } : { generationtime_ms: 0.4 },
      );
    }
    if (url.pathname === '/v1/forecast') {
      const days = Number(url.searchParams.get('forecast_days') ?? 7);
      if (!url.searchParams.has('latitude'))
        return send(400, { error: true, reason: 'Parameter latitude is required' });
      if (!(days >= 0 && days <= 16))
        return send(400, {
          error: true,
          reason: 'Forecast days is invalid. Allowed range 0 to 16.',
        });
      return send(200, forecastBody(url));
    }
    send(404, { error: true, reason: 'Not Found' });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (path, ...a) => void scripted.set(path, [...(scripted.get(path) ?? []), ...a]),
    holdNext(path) {
      let arrived!: () => void;
      let gone!: () => void;
      const out = {
        arrived: new Promise<void>((r) => (arrived = r)),
        clientGone: new Promise<void>((r) => (gone = r)),
      };
      holds.set(path, { arrived, gone });
      return out;
    },
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
