// Errors a skill throws that are hard to read: a throwing message getter, a 20 MB message, a
// failed network call. Each is the skill's error (never INTERNAL), bounded in size, and a
// network failure says so, naming the host and the cause.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESULT_CHARS } from '../catalog/types.js';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';
import { networkFailure } from './network.js';

const skills = () => [skillRecord({ name: 'net', tools: ['net.get'] })];

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('hostile errors from a skill', () => {
  it('an error whose message getter throws is SKILL_ERROR, not INTERNAL', async () => {
    const h = await harness({
      skills: skills(),
      tools: {
        'net.get': () => {
          const e = new Error('x');
          Object.defineProperty(e, 'message', {
            get() {
              throw new Error('gotcha');
            },
          });
          throw e;
        },
      },
    });
    const r = await h.router.call({ name: 'net.get', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_ERROR' });
    if (r.isError) expect(r.message).toContain('could not be read');
  });

  it('a thrown value whose toString throws is SKILL_ERROR', async () => {
    const h = await harness({
      skills: skills(),
      tools: {
        'net.get': () => {
          throw {
            toString() {
              throw new Error('no');
            },
          };
        },
      },
    });
    expect(await h.router.call({ name: 'net.get', input: {} })).toMatchObject({
      code: 'SKILL_ERROR',
    });
  });

  it('a 20 MB error message and hint are cut to the result limit in the result, the log and the audit', async () => {
    const huge = 'm'.repeat(20 * 1024 * 1024);
    const h = await harness({
      skills: skills(),
      tools: {
        'net.get': () => {
          throw new Error(huge);
        },
      },
    });
    const r = await h.router.call({ name: 'net.get', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_ERROR' });
    if (!r.isError) return;
    expect(r.message.length).toBeLessThanOrEqual(DEFAULT_MAX_RESULT_CHARS);
    expect(r.message).toContain('[output truncated');
    const logged = JSON.stringify(h.logs);
    expect(logged.length).toBeLessThan(100_000);
    const [line] = await h.auditLines();
    expect(line!.outputBytes).toBeLessThanOrEqual(DEFAULT_MAX_RESULT_CHARS);
  });

  it('a SkillError with a 20 MB hint keeps its code with the hint cut', async () => {
    const { SkillError } = await import('@openclaw/skill-sdk');
    const h = await harness({
      skills: skills(),
      tools: {
        'net.get': () => {
          throw new SkillError('AUTH_REQUIRED', 'sign in', { hint: 'h'.repeat(20 * 1024 * 1024) });
        },
      },
    });
    const r = await h.router.call({ name: 'net.get', input: {} });
    expect(r).toMatchObject({ code: 'AUTH_REQUIRED', message: 'sign in' });
    if (r.isError) expect(r.hint!.length).toBeLessThanOrEqual(DEFAULT_MAX_RESULT_CHARS);
  });

  it('fetch to a refused loopback port is NETWORK_ERROR naming the host and ECONNREFUSED, with a connectivity hint', async () => {
    const port = await closedPort();
    const h = await harness({
      skills: skills(),
      tools: { 'net.get': () => fetch(`http://127.0.0.1:${port}/forecast`) },
    });
    const r = await h.router.call({ name: 'net.get', input: {} });
    expect(r).toMatchObject({
      isError: true,
      code: 'NETWORK_ERROR',
      details: { cause: 'ECONNREFUSED', host: `127.0.0.1:${port}` },
    });
    if (!r.isError) return;
    expect(r.message).toContain(`127.0.0.1:${port}`);
    expect(r.hint).toMatch(/connectivity/);
    expect(r.hint).not.toContain('Check the arguments');
  });

  it.each([
    [
      'DNS (getaddrinfo ENOTFOUND)',
      { code: 'ENOTFOUND', hostname: 'api.example.invalid' },
      'api.example.invalid',
    ],
    ['TLS (undici cause chain)', { code: 'CERT_HAS_EXPIRED' }, undefined],
    ['an undici socket error', { code: 'UND_ERR_SOCKET' }, undefined],
  ])('networkFailure recognises %s in a fetch failed cause', (_what, cause, host) => {
    const err = new TypeError('fetch failed', {
      cause: Object.assign(new Error('low level'), cause),
    });
    expect(networkFailure(err)).toEqual({ cause: cause.code, ...(host && { host }) });
  });

  it('an ordinary error with an unrelated code is not a network failure', () => {
    expect(networkFailure(Object.assign(new Error('no'), { code: 'ENOENT' }))).toBeUndefined();
  });
});
