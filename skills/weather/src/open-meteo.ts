// Open-Meteo's geocoding and forecast APIs: the two calls this skill makes, and what their
// error answers mean to a model. A failed connection (DNS, refused, reset) becomes
// NETWORK_ERROR here rather than in the host, because a worker or sandbox runner carries only
// an error's code and message across its boundary, not the `cause` that names the system
// error. An abort is left as it is: the host reports it as ABORTED (or TIMEOUT).
import { errorCauses, SkillError } from '@openclaw/skill-sdk';
import type { GeoResult } from './places.js';

export interface WeatherConfig {
  forecastUrl: string;
  geocodingUrl: string;
  units: 'metric' | 'imperial';
}

/** The request parameters that set units, as Open-Meteo names them. */
export function unitParams(units: WeatherConfig['units']): Record<string, string> {
  return units === 'imperial'
    ? { temperature_unit: 'fahrenheit', wind_speed_unit: 'mph', precipitation_unit: 'inch' }
    : { temperature_unit: 'celsius', wind_speed_unit: 'kmh', precipitation_unit: 'mm' };
}

/** Open-Meteo's error body: `{"error": true, "reason": "..."}`. */
async function reasonOf(res: Response): Promise<string | undefined> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { reason?: unknown };
    if (typeof body.reason === 'string') return body.reason;
  } catch {
    // not JSON (a proxy's HTML page): fall through to the status alone
  }
  return undefined;
}

/** The system error code (ECONNREFUSED, ENOTFOUND...) in fetch's `cause` chain. */
function systemCode(e: unknown): string | undefined {
  for (const c of errorCauses(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

async function send(url: URL, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (e) {
    if (signal.aborted) throw e;
    const code = systemCode(e);
    throw new SkillError(
      'NETWORK_ERROR',
      `Open-Meteo could not be reached at ${url.host}${code ? ` (${code})` : ''}.`,
      {
        hint: 'This is a connectivity problem, not a problem with the place asked for: tell the user the weather service cannot be reached, or try again later.',
        details: { host: url.host, ...(code && { cause: code }) },
        cause: e,
      },
    );
  }
}

async function getJson(url: URL, signal: AbortSignal): Promise<unknown> {
  const res = await send(url, signal);
  if (res.ok) return res.json();
  const reason = await reasonOf(res);
  const said = reason ? `: ${reason}` : '';
  if (res.status === 429) {
    const retryAfter = res.headers.get('retry-after');
    throw new SkillError('RATE_LIMITED', `Open-Meteo's request limit is reached${said}`, {
      hint: 'Do not retry now; tell the user the weather service is busy and to try again later.',
      details: { status: 429, ...(retryAfter && { retryAfter }) },
    });
  }
  if (res.status >= 500) {
    throw new SkillError(
      'SKILL_ERROR',
      `Open-Meteo is not answering properly (HTTP ${res.status})${said}`,
      {
        hint: 'The weather service has a problem of its own; try once more later, or tell the user.',
        details: { status: res.status },
      },
    );
  }
  throw new SkillError(
    'SKILL_ERROR',
    `Open-Meteo refused the request (HTTP ${res.status})${said}`,
    {
      hint: 'Check the place and the number of days asked for.',
      details: { status: res.status, ...(reason && { reason }) },
    },
  );
}

/** Up to ten places named `name`, best first; none is an empty list. */
export async function searchPlaces(
  cfg: WeatherConfig,
  name: string,
  signal: AbortSignal,
): Promise<GeoResult[]> {
  const url = new URL('/v1/search', cfg.geocodingUrl);
  url.searchParams.set('name', name);
  url.searchParams.set('count', '10');
  url.searchParams.set('language', 'en');
  url.searchParams.set('format', 'json');
  // The API leaves `results` out when nothing matches.
  const data = (await getJson(url, signal)) as { results?: GeoResult[] };
  return data.results ?? [];
}

export async function forecast(
  cfg: WeatherConfig,
  place: Pick<GeoResult, 'latitude' | 'longitude'>,
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
