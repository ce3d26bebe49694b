import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { restoreOptional, toStrictSchema } from './strict-schema.js';

describe('toStrictSchema', () => {
  it('closes every object, requires every property and makes optional ones nullable', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name', default: 'Paris' },
        days: { type: 'integer', minimum: 1, maximum: 16 },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        when: { type: 'string', format: 'date' },
        where: {
          type: 'object',
          properties: { lat: { type: 'number' }, lon: { type: 'number' } },
          required: ['lat'],
        },
        tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, maxItems: 5 },
      },
      required: ['city'],
    };
    expect(toStrictSchema(schema)).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: ['integer', 'null'], minimum: 1, maximum: 16 },
        units: { type: ['string', 'null'], enum: ['metric', 'imperial', null] },
        when: { type: ['string', 'null'], format: 'date' },
        where: {
          type: ['object', 'null'],
          properties: { lat: { type: 'number' }, lon: { type: ['number', 'null'] } },
          required: ['lat', 'lon'],
          additionalProperties: false,
        },
        tags: {
          type: ['array', 'null'],
          items: { type: 'string', pattern: '^[a-z]+$' },
          maxItems: 5,
        },
      },
      required: ['city', 'days', 'units', 'when', 'where', 'tags'],
      additionalProperties: false,
    });
  });

  it('wraps optional $ref, const and untyped schemas in anyOf with null, and converts $defs', () => {
    const strict = toStrictSchema({
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/A' },
        b: { const: 'x' },
        c: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      $defs: { A: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } },
    });
    expect(strict).toMatchObject({
      properties: {
        a: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }] },
        b: { anyOf: [{ const: 'x' }, { type: 'null' }] },
        c: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      },
      $defs: {
        A: {
          type: 'object',
          properties: { n: { type: 'number' } },
          required: ['n'],
          additionalProperties: false,
        },
      },
    });
  });

  it('an empty object schema becomes a closed empty object', () => {
    expect(toStrictSchema({ type: 'object', properties: {} })).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it.each([
    [
      'a free-form map',
      {
        type: 'object',
        properties: { m: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    ],
    ['an object without properties', { type: 'object', properties: { m: { type: 'object' } } }],
    ['minLength', { type: 'object', properties: { s: { type: 'string', minLength: 1 } } }],
    ['allOf', { type: 'object', properties: { s: { allOf: [{ type: 'string' }] } } }],
    [
      'oneOf',
      { type: 'object', properties: { s: { oneOf: [{ type: 'string' }, { type: 'number' }] } } },
    ],
    [
      'an unsupported format',
      { type: 'object', properties: { u: { type: 'string', format: 'uri' } } },
    ],
    ['patternProperties', { type: 'object', patternProperties: { '^x': { type: 'string' } } }],
    ['any value', { type: 'object', properties: { v: {} } }],
    ['a root anyOf', { anyOf: [{ type: 'object', properties: {} }] }],
    ['a root that is not an object', { type: 'string' }],
    [
      'a remote $ref',
      { type: 'object', properties: { r: { $ref: 'https://example.com/s.json' } } },
    ],
    ['nesting deeper than 10 objects', nest(11)],
  ])('gives undefined for %s', (_name, schema) => {
    expect(toStrictSchema(schema as Record<string, unknown>)).toBeUndefined();
  });

  it('accepts nesting of 10 objects, closing and requiring down to the innermost', () => {
    let level = toStrictSchema(nest(10)) as Record<string, unknown> | undefined;
    for (let depth = 1; depth < 10; depth++) {
      // Optional children become nullable; the root stays an object.
      expect(level).toMatchObject({
        type: depth === 1 ? 'object' : ['object', 'null'],
        required: ['child'],
        additionalProperties: false,
      });
      level = (level!.properties as Record<string, Record<string, unknown>>).child;
    }
    expect(level).toEqual({
      type: ['object', 'null'],
      properties: { leaf: { type: ['string', 'null'] } },
      required: ['leaf'],
      additionalProperties: false,
    });
  });

  it('what the model sends under the strict schema, restored, validates against the original', () => {
    const original = {
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: 'integer', minimum: 1 },
        maybe: { type: ['string', 'null'] },
        opts: { type: 'object', properties: { deep: { type: 'boolean' } } },
        list: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
      },
      required: ['q'],
      additionalProperties: false,
    };
    const ajv = new Ajv({ strict: false });
    const sent = {
      q: 'hi',
      limit: null,
      maybe: null,
      opts: { deep: null },
      list: [{ x: null }, { x: 2 }],
    };
    expect(ajv.validate(toStrictSchema(original)!, sent)).toBe(true);
    expect(ajv.validate(original, sent)).toBe(false);
    const restored = restoreOptional(original, sent);
    expect(restored).toEqual({ q: 'hi', maybe: null, opts: {}, list: [{}, { x: 2 }] });
    expect(ajv.validate(original, restored)).toBe(true);
  });
});

function nest(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = {
    type: 'object',
    properties: { leaf: { type: 'string' } },
  };
  for (let i = 1; i < levels; i++) schema = { type: 'object', properties: { child: schema } };
  return schema;
}
