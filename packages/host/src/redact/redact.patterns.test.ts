import { describe, expect, it } from 'vitest';
import { createRedactor, RedactorCache, REDACTED } from './index.js';

// Fake credentials built at run time so no scanner mistakes this file for a leak.
const fake = {
  openai: `sk-proj-${'a1B2c3D4'.repeat(4)}`,
  anthropic: `sk-ant-api03-${'Zx9Yw8'.repeat(5)}`,
  github: `ghp_${'AbCd1234'.repeat(5)}`,
  githubPat: `github_pat_${'11AbCd_1234'.repeat(3)}`,
  slack: `xoxb-${'1234567890'}-${'abcdefghij'}`,
  aws: `AKIA${'ABCDEFGH12345678'}`,
  google: `AIza${'Sy'.padEnd(35, 'x7')}`,
  googleOauth: `ya29.${'a0AfH6SM'.repeat(3)}`,
  jwt: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'}`,
  stripe: `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`,
};

describe('redaction by pattern', () => {
  it.each(Object.entries(fake))('redacts a %s credential in free text', (_kind, secret) => {
    const r = createRedactor();
    const out = r.text(`before ${secret} after`);
    expect(out).not.toContain(secret);
    expect(out).toBe(`before ${REDACTED} after`);
  });

  it.each([
    [
      'a bearer header',
      `Authorization: Bearer ${'q'.repeat(30)}`,
      'Authorization: Bearer [REDACTED]',
    ],
    [
      'lowercase bearer',
      `authorization: bearer ${'abc123XYZ'.repeat(3)}`,
      'authorization: bearer [REDACTED]',
    ],
    ['basic auth', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'Authorization: Basic [REDACTED]'],
    [
      'a JSON access_token',
      '{"access_token": "opaque-value-1", "expires_in": 3600}',
      '{"access_token": "[REDACTED]", "expires_in": 3600}',
    ],
    ['a JSON password with an escaped quote', '{"password":"a\\"b"}', '{"password":"[REDACTED]"}'],
    ['a capitalised JSON field', '{"Authorization":"Token abc"}', '{"Authorization":"[REDACTED]"}'],
    [
      'a query parameter',
      'https://x.test/cb?code=1&access_token=abcdef123&x=1',
      'https://x.test/cb?code=1&access_token=[REDACTED]&x=1',
    ],
    ['an env-style line', 'api_key=abcd1234efgh', 'api_key=[REDACTED]'],
    [
      'a PEM private key',
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----',
      '[REDACTED]',
    ],
  ])('redacts %s and keeps the prefix readable', (_t, input, expected) => {
    expect(createRedactor().text(input)).toBe(expected);
  });

  it.each([
    'Bearer authentication is described in RFC 6750.',
    'The token limit is 4096; skills and tasks are listed below.',
    'sk-short and ghp_short are not keys',
    '{"tokens": 12, "nextPageToken": "abc"}',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(createRedactor().text(text)).toBe(text);
  });
});

describe('redaction of known values', () => {
  it('redacts known values anywhere, longest first, and ignores short ones', () => {
    const r = createRedactor(['my-weather-key-123', 'my-weather-key-123-extended', 'abc']);
    expect(r.text('k=my-weather-key-123-extended;')).toBe(`k=${REDACTED};`);
    expect(r.text('x my-weather-key-123 y')).toBe(`x ${REDACTED} y`);
    expect(r.text('abc stays')).toBe('abc stays');
  });

  it('finds values with regex and JSON special characters, raw and escaped', () => {
    const secret = 'p@ss"w(o)rd\\*+';
    const r = createRedactor([secret]);
    expect(r.text(`raw ${secret}`)).toBe(`raw ${REDACTED}`);
    expect(r.text(JSON.stringify({ note: `x ${secret}` }))).not.toContain('w(o)rd');
  });

  it('returns the same string when nothing matches', () => {
    const text = 'nothing to hide here';
    expect(createRedactor(['zzzzzzzz']).text(text)).toBe(text);
  });
});

describe('redaction of values', () => {
  it('redacts strings, secret-named fields and keys, without touching the original', () => {
    const input = {
      user: 'ada',
      apiKey: 'not-a-pattern-value',
      nested: [{ Password: 'hunter2' }, `token ${fake.github}`],
      [fake.aws]: 1,
      count: 3,
    };
    const copy = structuredClone(input);
    const out = createRedactor().value(input);
    expect(out).toEqual({
      user: 'ada',
      apiKey: REDACTED,
      nested: [{ Password: REDACTED }, `token ${REDACTED}`],
      [REDACTED]: 1,
      count: 3,
    });
    expect(input).toEqual(copy);
  });

  it('returns the same object when clean', () => {
    const v = { a: [1, 'two', { b: null }] };
    expect(createRedactor().value(v)).toBe(v);
  });
});

describe('RedactorCache', () => {
  it('rebuilds only when the set of values changes', () => {
    const cache = new RedactorCache();
    const values = ['secret-one-1'];
    const a = cache.get(values);
    expect(cache.get(values)).toBe(a);
    expect(cache.get(['secret-one-1'])).toBe(a); // a new array with the same values
    values.push('secret-two-2');
    const b = cache.get(values);
    expect(b).not.toBe(a);
    expect(b.text('secret-two-2')).toBe(REDACTED);
    const set = new Set(['secret-three']);
    expect(cache.get(set).text('secret-three')).toBe(REDACTED);
    set.add('secret-four4');
    expect(cache.get(set).text('secret-four4')).toBe(REDACTED);
  });
});
