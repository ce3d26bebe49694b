// The gate's rules as pure functions: which Host and Origin values pass, the bearer token
// compare, and the declared-length limit.
import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  checkDeclaredLength,
  checkHostAndOrigin,
  checkToken,
  tokenMatches,
} from './guard.js';

describe('checkHostAndOrigin', () => {
  it('passes loopback hosts with the right port and no Origin (a non-browser client)', () => {
    for (const host of ['127.0.0.1:4000', 'localhost:4000', '[::1]:4000', 'LOCALHOST:4000'])
      expect(checkHostAndOrigin({ host }, 4000)).toBeUndefined();
  });

  it('refuses another name, another port, or no Host at all', () => {
    for (const host of ['evil.example:4000', '127.0.0.1:4001', '127.0.0.1', undefined])
      expect(checkHostAndOrigin({ host }, 4000)?.code).toBe('HOST_REFUSED');
  });

  it('passes same-origin browser requests and refuses every other origin', () => {
    expect(
      checkHostAndOrigin({ host: 'localhost:4000', origin: 'http://localhost:4000' }, 4000),
    ).toBeUndefined();
    for (const origin of [
      'http://evil.example',
      'http://127.0.0.1:4001',
      'https://127.0.0.1:4000',
      'null',
    ])
      expect(checkHostAndOrigin({ host: '127.0.0.1:4000', origin }, 4000)?.code).toBe(
        'ORIGIN_REFUSED',
      );
  });
});

describe('token', () => {
  it('matches only the exact token, whatever the length presented', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    for (const t of ['abd', 'ab', 'abcd', '', undefined])
      expect(tokenMatches(t, 'abc')).toBe(false);
  });

  it('reads the token from a Bearer header only', () => {
    expect(bearerToken('Bearer tok_1')).toBe('tok_1');
    expect(bearerToken('bearer tok_1')).toBe('tok_1');
    expect(bearerToken('Basic dTpw')).toBeUndefined();
    expect(bearerToken('Bearer two words')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('gives 401 with a message that names serve.json and never the token', () => {
    const r = checkToken('Bearer wrong', 'secret-token');
    expect(r).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(r!.message).toContain('serve.json');
    expect(r!.message).not.toContain('secret-token');
    expect(checkToken('Bearer secret-token', 'secret-token')).toBeUndefined();
  });
});

describe('checkDeclaredLength', () => {
  it('refuses a declared length over the limit and passes the rest', () => {
    expect(checkDeclaredLength('101', 100)).toMatchObject({ status: 413 });
    expect(checkDeclaredLength('100', 100)).toBeUndefined();
    expect(checkDeclaredLength(undefined, 100)).toBeUndefined();
  });
});
