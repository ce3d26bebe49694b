// Open-Meteo's geocoding and forecast APIs: the two calls this skill needs, and the WMO
// weather codes they answer with. Kept apart from the tools so they are easy to test.

export interface Place {
  name: string;
  country?: string;
  latitude: number;
  longitude: number;
  timezone?: string;
}

export interface WeatherConfig {
  forecastUrl: string;
  geocodingUrl: string;
  units: 'metric' | 'imperial';
}

const WMO: Record<number, string> = {
  0: 'clear sky',
  1: 'mainly clear',
  2: 'partly cloudy',
  3: 'overcast',
  45: 'fog',
  48: 'depositing rime fog',
  51: 'light drizzle',
  53: 'drizzle',
  55: 'dense drizzle',
  56: 'freezing drizzle',
  57: 'dense freezing drizzle',
  61: 'light rain',
  63: 'rain',
  65: 'heavy rain',
  66: 'freezing rain',
  67: 'heavy freezing rain',
  71: 'light snow',
  73: 'snow',
  75: 'heavy snow',
  77: 'snow grains',
  80: 'light showers',
  81: 'showers',
  82: 'violent showers',
  85: 'snow showers',
  86: 'heavy snow showers',
  95: 'thunderstorm',
  96: 'thunderstorm with hail',
  99: 'thunderstorm with heavy hail',
};

export const describeCode = (code: number): string => WMO[code] ?? `weather code ${code}`;

async function getJson(url: URL, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new Error(`Open-Meteo answered ${res.status} for ${url.pathname}: ${body.slice(0, 200)}`);
  }
  return res.json();
}

/** "Paris, FR" → the best match, or undefined when nothing matches. */
export async function geocode(
  cfg: WeatherConfig,
  location: string,
  signal: AbortSignal,
): Promise<Place | undefined> {
  const [name, country] = location.split(',').map((s) => s.trim());
  const url = new URL('/v1/search', cfg.geocodingUrl);
  url.searchParams.set('name', name ?? location);
  url.searchParams.set('count', '10');
  url.searchParams.set('language', 'en');
  url.searchParams.set('format', 'json');
  const data = (await getJson(url, signal)) as {
    results?: Array<Place & { country_code?: string }>;
  };
  const results = data.results ?? [];
  const match = country
    ? results.find(
        (r) =>
          r.country_code?.toLowerCase() === country.toLowerCase() ||
          r.country?.toLowerCase() === country.toLowerCase(),
      )
    : results[0];
  if (!match) return undefined;
  return {
    name: match.name,
    latitude: match.latitude,
    longitude: match.longitude,
    ...(match.country && { country: match.country }),
    ...(match.timezone && { timezone: match.timezone }),
  };
}

export function unitParams(units: WeatherConfig['units']): Record<string, string> {
  return units === 'imperial'
    ? { temperature_unit: 'fahrenheit', wind_speed_unit: 'mph', precipitation_unit: 'inch' }
    : { temperature_unit: 'celsius', wind_speed_unit: 'kmh', precipitation_unit: 'mm' };
}

export async function forecast(
  cfg: WeatherConfig,
  place: Place,
  params: Record<string, string>,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const url = new URL('/v1/forecast', cfg.forecastUrl);
  url.searchParams.set('latitude', String(place.latitude));
  url.searchParams.set('longitude', String(place.longitude));
  url.searchParams.set('timezone', 'auto');
  for (const [k, v] of Object.entries({ ...unitParams(cfg.units), ...params }))
    url.searchParams.set(k, v);
  return (await getJson(url, signal)) as Record<string, unknown>;
}
