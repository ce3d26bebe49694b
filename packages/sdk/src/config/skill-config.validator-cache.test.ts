// Compiled config validators are kept for the schemas seen most recently, up to a cap: a host
// that sees ever new schemas stays bounded, and what a skill gets is the same after eviction.
import { describe, expect, it } from 'vitest';
import { resolveSkillConfig, validators, VALIDATORS_MAX } from './skill-config.js';

// `minProperties` keeps each schema off the no-ajv fast path, so every one is compiled.
const schema = (n: number, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  minProperties: 0,
  properties: { limit: { type: 'integer', minimum: n, default: n } },
  ...extra,
});
const resolve = (s: Record<string, unknown>, value?: Record<string, unknown>) =>
  resolveSkillConfig({
    skill: 's',
    schema: s,
    value,
    configFile: '/home/config.json',
    manifestFile: '/skills/s/manifest.json',
  });

describe('config validator cache', () => {
  it('stays at its cap when filled past it, and the most recent schemas still hit', () => {
    const total = VALIDATORS_MAX + 50;
    for (let n = 0; n < total; n++) expect(resolve(schema(n)).config).toEqual({ limit: n });
    expect(validators.size).toBe(VALIDATORS_MAX);
    const recent = [total - 1, total - 2, total - VALIDATORS_MAX].map((n) => {
      const key = JSON.stringify(schema(n));
      return [key, validators.get(key)] as const;
    });
    for (const [key, compiled] of recent) {
      expect(typeof compiled).toBe('function');
      resolve(JSON.parse(key) as Record<string, unknown>);
      expect(validators.get(key)).toBe(compiled);
    }
    expect(validators.has(JSON.stringify(schema(0)))).toBe(false);
    expect(validators.size).toBe(VALIDATORS_MAX);
  });

  it('gives an evicted schema the same config and problems when it comes back', () => {
    const first = resolve(schema(1000), { limit: 3 });
    for (let n = 0; n < VALIDATORS_MAX; n++) resolve(schema(2000 + n));
    expect(validators.has(JSON.stringify(schema(1000)))).toBe(false);
    const again = resolve(schema(1000), { limit: 3 });
    expect(again).toEqual(first);
    expect(again.problems.map((p) => [p.code, p.field])).toEqual([
      ['CONFIG_INVALID', '/skills/s/config/limit'],
    ]);
  });

  it('compiles a changed schema that keeps its $id, as after a skill is edited and reloaded', () => {
    const before = resolve(schema(1, { $id: 'https://example.test/config' }), { limit: 0 });
    expect(before.problems).toHaveLength(1);
    const after = resolve(schema(0, { $id: 'https://example.test/config' }), { limit: 0 });
    expect(after).toEqual({ config: { limit: 0 }, problems: [], schemaProblems: [] });
  });

  it('reports a broken schema as a schema problem each time it is resolved', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    for (let i = 0; i < 2; i++)
      expect(resolve(broken, {}).schemaProblems.map((p) => p.code)).toEqual([
        'CONFIG_SCHEMA_INVALID',
      ]);
  });
});
