import { defineSkill, defineTool, SkillError } from '@openclaw/skill-sdk';
import { describeCode, forecast, geocode, type Place, type WeatherConfig } from './open-meteo.js';

const currentInput = {
  type: 'object',
  properties: { location: { type: 'string', minLength: 1 } },
  required: ['location'],
  additionalProperties: false,
} as const;

const forecastInput = {
  type: 'object',
  properties: {
    location: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
  },
  required: ['location'],
  additionalProperties: false,
} as const;

const placeLabel = (p: Place) => (p.country ? `${p.name}, ${p.country}` : p.name);

export default defineSkill<WeatherConfig>({
  createTools(ctx) {
    const cfg = ctx.config;
    const find = async (location: string, signal: AbortSignal) => {
      const place = await geocode(cfg, location, signal);
      if (!place) {
        throw new SkillError('SKILL_ERROR', `No place called "${location}" was found.`, {
          hint: 'Ask the user for another spelling, or add the country after a comma ("Portland, US").',
        });
      }
      return place;
    };
    const tempUnit = cfg.units === 'imperial' ? '°F' : '°C';
    const windUnit = cfg.units === 'imperial' ? 'mph' : 'km/h';

    return {
      'weather.current': defineTool(currentInput, async ({ location }, { signal }) => {
        const place = await find(location, signal);
        const data = await forecast(
          cfg,
          place,
          { current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code' },
          signal,
        );
        const c = data.current as Record<string, number | string>;
        ctx.logger.debug({ place: place.name }, 'current weather');
        return {
          place: placeLabel(place),
          time: c.time,
          temperature: `${c.temperature_2m} ${tempUnit}`,
          humidity: `${c.relative_humidity_2m} %`,
          wind: `${c.wind_speed_10m} ${windUnit}`,
          conditions: describeCode(Number(c.weather_code)),
        };
      }),
      'weather.forecast': defineTool(forecastInput, async ({ location, days = 3 }, { signal }) => {
        const place = await find(location, signal);
        const data = await forecast(
          cfg,
          place,
          {
            daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum',
            forecast_days: String(days),
          },
          signal,
        );
        const d = data.daily as Record<string, Array<number | string>>;
        return {
          place: placeLabel(place),
          days: (d.time ?? []).map((date, i) => ({
            date,
            high: `${d.temperature_2m_max?.[i]} ${tempUnit}`,
            low: `${d.temperature_2m_min?.[i]} ${tempUnit}`,
            precipitation: `${d.precipitation_sum?.[i]} ${cfg.units === 'imperial' ? 'in' : 'mm'}`,
            conditions: describeCode(Number(d.weather_code?.[i])),
          })),
        };
      }),
    };
  },
});
