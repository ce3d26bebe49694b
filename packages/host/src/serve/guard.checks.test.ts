// The gate's rules as pure functions: which Host and Origin values pass, the bearer token
// compare, and the declared-length limit.
import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  checkDeclaredLength,
  checkHostAndOrigin,
  checkToken,
  invalidJson,
  notFound,
  tokenMatches,
  tooLarge,
} from './guard.js';
import { ERROR_CODES } from '@openclaw/skill-sdk';

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

  it('gives 401 naming the token file and the dashboard command, never the token', () => {
    const r = checkToken('Bearer wrong', 'secret-token', '/home/u/.openclaw/serve-token');
    expect(r).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(r!.message).toContain('/home/u/.openclaw/serve-token');
    expect(r!.hint).toContain('openclaw-skill dashboard');
    expect(r!.hint).toContain('/home/u/.openclaw/serve-token');
    expect(JSON.stringify(r)).not.toContain('secret-token');
    expect(JSON.stringify(r)).not.toContain('serve.json');
    expect(checkToken('Bearer secret-token', 'secret-token', '/f')).toBeUndefined();
  });
});

describe('checkDeclaredLength', () => {
  it('refuses a declared length over the limit and passes the rest', () => {
    expect(checkDeclaredLength('101', 100)).toMatchObject({ status: 413 });
    expect(checkDeclaredLength('100', 100)).toBeUndefined();
    expect(checkDeclaredLength(undefined, 100)).toBeUndefined();
  });
});

describe('every refusal', () => {
  it('carries a code from the SDK list and a hint saying what to do', () => {
    const all = [
      checkHostAndOrigin({ host: 'evil:1' }, 1)!,
      checkHostAndOrigin({ host: '127.0.0.1:1', origin: 'http://evil' }, 1)!,
      checkToken(undefined, 't', '/h/serve-token')!,
      tooLarge(10),
      invalidJson('Unexpected token'),
      notFound('/register'),
    ];
    for (const r of all) {
      expect(ERROR_CODES).toContain(r.code);
      expect(r.hint.length).toBeGreaterThan(10);
    }
    expect(notFound('/register')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
