import { defineSkill, defineTool, SkillError } from '@openclaw/skill-sdk';
import { forecast, searchPlaces, type WeatherConfig } from './open-meteo.js';
import { parsePlace, placeLabel, resolvePlace, type GeoResult } from './places.js';
import { describeCode } from './wmo.js';

// The same schemas as manifest.json (validate --strict compares them).
const currentInput = {
  type: 'object',
  properties: {
    location: {
      type: 'string',
      minLength: 1,
      description: 'Place name, e.g. "Lisbon", "Paris, FR" or "Portland, Oregon, US"',
    },
  },
  required: ['location'],
  additionalProperties: false,
} as const;

const forecastInput = {
  type: 'object',
  properties: {
    location: {
      type: 'string',
      minLength: 1,
      description: 'Place name, e.g. "Lisbon", "Paris, FR" or "Portland, Oregon, US"',
    },
    days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
  },
  required: ['location'],
  additionalProperties: false,
} as const;

/** How many other matches are named: enough to choose from, short enough to read. */
const MAX_OTHERS = 5;

const location = (r: GeoResult) => ({
  name: r.name,
  ...(r.admin1 && { region: r.admin1 }),
  ...(r.country && { country: r.country }),
  ...(r.country_code && { countryCode: r.country_code }),
  latitude: r.latitude,
  longitude: r.longitude,
  ...(r.timezone && { timezone: r.timezone }),
});

const unitOf = (units: unknown, key: string, fallback: string): string => {
  const u = (units as Record<string, unknown> | undefined)?.[key];
  return typeof u === 'string' ? u : fallback;
};

export default defineSkill<WeatherConfig>({
  createTools(ctx) {
    const cfg = ctx.config;
    const imperial = cfg.units === 'imperial';

    /** The place asked for, the others that fit too, and a sentence saying which was used. */
    const find = async (asked: string, signal: AbortSignal) => {
      const query = parsePlace(asked);
      const results = await searchPlaces(cfg, query.name, signal);
      const { chosen, others } = resolvePlace(query, results);
      if (!chosen) {
        const elsewhere = [...new Set(results.map((r) => r.country).filter(Boolean))];
        throw new SkillError(
          'INVALID_INPUT',
          results.length && query.qualifiers.length
            ? `"${query.name}" was found only in ${elsewhere.join(', ')}, not in "${query.qualifiers.join(', ')}".`
            : `No place called "${query.name}" was found.`,
          {
            hint: 'Ask the user for another spelling or a nearby town; add the region or country after a comma ("Portland, Oregon, US"). Do not guess coordinates.',
            details: { location: asked },
          },
        );
      }
      const otherMatches = others.slice(0, MAX_OTHERS).map(placeLabel);
      const note = otherMatches.length
        ? ` ${others.length + 1} places match "${asked}"; this is ${placeLabel(chosen)}. Others: ${otherMatches.join('; ')}. Add the region or country after a comma to choose another.`
        : '';
      return { chosen, otherMatches, note };
    };

    return {
      'weather.current': defineTool(currentInput, async (input, { signal }) => {
        const { chosen, otherMatches, note } = await find(input.location, signal);
        const data = await forecast(
          cfg,
          chosen,
          { current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code' },
          signal,
        );
        const c = (data.current ?? {}) as Record<string, number | string>;
        const u = data.current_units;
        const temperature = `${c.temperature_2m} ${unitOf(u, 'temperature_2m', imperial ? '°F' : '°C')}`;
        const wind = `${c.wind_speed_10m} ${unitOf(u, 'wind_speed_10m', imperial ? 'mp/h' : 'km/h')}`;
        const humidity = `${c.relative_humidity_2m} ${unitOf(u, 'relative_humidity_2m', '%')}`;
        const conditions = describeCode(Number(c.weather_code));
        const place = placeLabel(chosen);
        // Short fields first: a caller that prints a prefix of the JSON still shows them.
        return {
          place,
          time: String(c.time),
          conditions,
          temperature,
          humidity,
          wind,
          weatherCode: Number(c.weather_code),
          summary: `${place} at ${c.time} local time: ${conditions}, ${temperature}, humidity ${humidity}, wind ${wind}.${note}`,
          location: location(chosen),
          otherMatches,
        };
      }),
      'weather.forecast': defineTool(forecastInput, async (input, { signal }) => {
        const days = input.days ?? 3;
        const { chosen, otherMatches, note } = await find(input.location, signal);
        const data = await forecast(
          cfg,
          chosen,
          {
            daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum',
            forecast_days: String(days),
          },
          signal,
        );
        const d = (data.daily ?? {}) as Record<string, Array<number | string>>;
        const u = data.daily_units;
        const tUnit = unitOf(u, 'temperature_2m_max', imperial ? '°F' : '°C');
        const pUnit = unitOf(u, 'precipitation_sum', imperial ? 'inch' : 'mm');
        const list = (d.time ?? []).map((date, i) => ({
          date: String(date),
          conditions: describeCode(Number(d.weather_code?.[i])),
          weatherCode: Number(d.weather_code?.[i]),
          high: `${d.temperature_2m_max?.[i]} ${tUnit}`,
          low: `${d.temperature_2m_min?.[i]} ${tUnit}`,
          precipitation: `${d.precipitation_sum?.[i]} ${pUnit}`,
        }));
        const place = placeLabel(chosen);
        const lines = list.map(
          (x) =>
            `${x.date}: ${x.conditions}, ${x.low} to ${x.high}, precipitation ${x.precipitation}`,
        );
        return {
          place,
          summary: `${list.length}-day forecast for ${place}:\n${lines.join('\n')}${note ? `\n${note.trim()}` : ''}`,
          location: location(chosen),
          otherMatches,
          days: list,
        };
      }),
    };
  },
});
