import { describe, expect, it } from 'vitest';
import { toGeminiParameters, toGeminiSchema } from './gemini-schema.js';

describe('toGeminiSchema', () => {
  it('drops keywords Gemini rejects and keeps the ones it reads', () => {
    expect(
      toGeminiSchema({
        $schema: 'x',
        $id: 'y',
        type: 'object',
        additionalProperties: false,
        properties: {
          s: {
            type: 'string',
            minLength: 1,
            maxLength: 9,
            pattern: '^a',
            format: 'uri',
            description: 'd',
          },
          t: { type: 'string', format: 'date-time' },
          n: { type: 'number', exclusiveMinimum: 0, maximum: 5 },
        },
        required: ['s', 'missing'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        s: { type: 'string', minLength: 1, maxLength: 9, pattern: '^a', description: 'd' },
        t: { type: 'string', format: 'date-time' },
        n: { type: 'number', maximum: 5 },
      },
      required: ['s'],
    });
  });

  it('turns type arrays and null branches into nullable, const into enum, oneOf into anyOf', () => {
    expect(toGeminiSchema({ type: ['string', 'null'] })).toEqual({
      type: 'string',
      nullable: true,
    });
    expect(toGeminiSchema({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual({
      type: 'integer',
      nullable: true,
    });
    expect(toGeminiSchema({ const: 'on' })).toEqual({ type: 'string', enum: ['on'] });
    expect(toGeminiSchema({ enum: ['a', null] })).toEqual({
      type: 'string',
      enum: ['a'],
      nullable: true,
    });
    expect(toGeminiSchema({ type: 'integer', enum: [1, 2] })).toEqual({ type: 'integer' });
    expect(toGeminiSchema({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    });
    expect(toGeminiSchema({ type: ['string', 'number'] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    });
  });

  it('inlines $ref and cuts recursion off', () => {
    const schema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: { value: { type: 'string' }, next: { $ref: '#/$defs/Node' } },
        },
      },
    };
    const out = toGeminiSchema(schema);
    expect(out).not.toHaveProperty('$defs');
    expect(JSON.stringify(out)).not.toContain('$ref');
    expect(out).toMatchObject({
      properties: { node: { type: 'object', properties: { value: { type: 'string' } } } },
    });
  });

  it('merges allOf objects', () => {
    expect(
      toGeminiSchema({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'number' } } },
        ],
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
    });
  });

  it('has no parameters for a tool that takes none', () => {
    expect(toGeminiParameters({ type: 'object', properties: {} })).toBeUndefined();
    expect(toGeminiParameters({ type: 'object' })).toBeUndefined();
  });
});
