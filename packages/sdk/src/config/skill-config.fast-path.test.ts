import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { flatDefaults, resolveSkillConfig } from './skill-config.js';

// The fast path must give exactly what ajv with useDefaults gives for `{}`.
const viaAjv = (schema: Record<string, unknown>) => {
  const data = {};
  const ok = new Ajv({ useDefaults: true, strict: false }).validate(schema, data);
  return ok ? data : 'invalid';
};

describe('flatDefaults (config without ajv)', () => {
  const flat: Record<string, unknown>[] = [
    { type: 'object' },
    { type: 'object', properties: {} },
    {
      type: 'object',
      properties: { a: { type: 'string', default: 'x' }, b: { type: 'integer' } },
      additionalProperties: false,
    },
    {
      properties: {
        a: { type: 'array', default: [1, 2] },
        b: { type: 'object', default: { k: 1 } },
      },
      required: ['a'],
    },
    {
      type: 'object',
      title: 't',
      description: 'd',
      properties: { n: { enum: [1, 2], default: 2 } },
    },
  ];
  it.each(flat)('matches ajv for %j', (schema) => {
    expect(flatDefaults(schema)).toEqual(viaAjv(schema));
  });

  const notFlat: Record<string, unknown>[] = [
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    { type: 'object', minProperties: 1 },
    { type: 'object', anyOf: [{ required: ['a'] }] },
    { type: 'string' },
    {
      type: 'object',
      properties: { o: { type: 'object', properties: { k: { default: 1 } }, default: {} } },
    },
  ];
  it.each(notFlat)('leaves %j to ajv', (schema) => {
    expect(flatDefaults(schema)).toBeUndefined();
  });

  it('default values are copies: changing one config does not change the next', () => {
    const schema = { type: 'object', properties: { list: { type: 'array', default: [1] } } };
    const input = { skill: 's', schema, value: undefined, configFile: 'c', manifestFile: 'm' };
    const first = resolveSkillConfig(input).config;
    (first.list as number[]).push(2);
    expect(resolveSkillConfig(input).config).toEqual({ list: [1] });
  });
});
