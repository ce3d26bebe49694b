import type { ObjectSchema } from '../catalog/types.js';
import { describe, expect, it } from 'vitest';
import { skillRecord, snapshotOf } from '../testing/records.js';
import { toolDefinitions } from './definitions.js';

const forecastSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
  additionalProperties: false,
} as const;
const mapSchema = {
  type: 'object',
  properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
} as const;

const snap = snapshotOf([
  skillRecord({
    name: 'weather',
    tools: [
      {
        name: 'weather.forecast',
        description: 'Forecast for a city.',
        title: 'Forecast',
        inputSchema: forecastSchema,
        outputSchema: { type: 'object', properties: { temp: { type: 'number' } } } as const,
        annotations: { readOnlyHint: true },
      },
      {
        name: 'weather.label',
        description: 'Label things.',
        inputSchema: mapSchema,
        // Manifests cannot declare this any more; records built by hand still must not break MCP.
        outputSchema: { type: 'array' } as unknown as ObjectSchema,
      },
    ],
  }),
  skillRecord({
    name: 'alpha',
    tools: [
      { name: 'alpha.ping', description: 'Ping.', inputSchema: { type: 'object', properties: {} } },
    ],
  }),
]);

describe('toolDefinitions', () => {
  it('anthropic: name, description, input_schema; sorted by canonical name', () => {
    expect(toolDefinitions(snap, 'anthropic')).toEqual([
      {
        name: 'alpha_ping',
        description: 'Ping.',
        input_schema: { type: 'object', properties: {} },
      },
      {
        name: 'weather_forecast',
        description: 'Forecast for a city.',
        input_schema: {
          type: 'object',
          properties: forecastSchema.properties,
          required: ['city'],
          additionalProperties: false,
        },
      },
      { name: 'weather_label', description: 'Label things.', input_schema: mapSchema },
    ]);
  });

  it('openai chat: strict where the schema allows it, plain otherwise', () => {
    const [, forecast, label] = toolDefinitions(snap, 'openai');
    expect(forecast).toEqual({
      type: 'function',
      function: {
        name: 'weather_forecast',
        description: 'Forecast for a city.',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: ['integer', 'null'], minimum: 1 } },
          required: ['city', 'days'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
    expect(label).toEqual({
      type: 'function',
      function: { name: 'weather_label', description: 'Label things.', parameters: mapSchema },
    });
  });

  it('openai responses: flat, with strict always stated', () => {
    const [, forecast, label] = toolDefinitions(snap, 'openai-responses');
    expect(forecast).toMatchObject({ type: 'function', name: 'weather_forecast', strict: true });
    expect(label).toEqual({
      type: 'function',
      name: 'weather_label',
      description: 'Label things.',
      parameters: mapSchema,
      strict: false,
    });
  });

  it('gemini: OpenAPI-subset parameters, none for a tool without parameters', () => {
    const [ping, forecast, label] = toolDefinitions(snap, 'gemini');
    expect(ping).toEqual({ name: 'alpha_ping', description: 'Ping.' });
    expect(forecast).toEqual({
      name: 'weather_forecast',
      description: 'Forecast for a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
        required: ['city'],
      },
    });
    expect(JSON.stringify(label)).not.toContain('additionalProperties');
  });

  it('mcp: canonical names, title, object output schemas only, annotations', () => {
    const [ping, forecast, label] = toolDefinitions(snap, 'mcp');
    expect(ping).toEqual({
      name: 'alpha.ping',
      description: 'Ping.',
      inputSchema: { type: 'object', properties: {} },
    });
    expect(forecast).toEqual({
      name: 'weather.forecast',
      title: 'Forecast',
      description: 'Forecast for a city.',
      inputSchema: forecastSchema,
      outputSchema: { type: 'object', properties: { temp: { type: 'number' } } },
      annotations: { readOnlyHint: true },
    });
    expect(label).not.toHaveProperty('outputSchema');
  });

  it('returns the same frozen array per snapshot and format', () => {
    const a = toolDefinitions(snap, 'anthropic');
    expect(toolDefinitions(snap, 'anthropic')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => (a as unknown[]).push({})).toThrow();
  });

  it('refuses an unknown format naming the valid ones', () => {
    expect(() => toolDefinitions(snap, 'bedrock' as 'mcp')).toThrow(
      /Unknown tool format "bedrock": use anthropic, openai/,
    );
  });

  it('computes definitions for 1,000 tools once per snapshot and format', () => {
    const big = snapshotOf(
      Array.from({ length: 100 }, (_, i) =>
        skillRecord({
          name: `skill-${i}`,
          tools: Array.from({ length: 10 }, (_, j) => ({
            name: `skill-${i}.tool_${j}`,
            inputSchema: forecastSchema,
          })),
        }),
      ),
    );
    for (const format of ['anthropic', 'openai', 'openai-responses', 'gemini', 'mcp'] as const) {
      const first = toolDefinitions(big, format);
      expect(first).toHaveLength(1000);
      // Computed once per snapshot: later calls hand back the same frozen array (the
      // speed of that is a `pnpm bench` figure, not a unit test's).
      expect(toolDefinitions(big, format)).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
    }
  });
});
