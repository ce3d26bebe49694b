import type { Manifest } from '@openclaw/skill-sdk';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { createRedactor } from '../redact/index.js';
import { skillRecord } from '../testing/records.js';
import { tempDir } from '../testing/skill-folders.js';
import { createSkillContext } from './create.js';
import { knownSecretValues } from './secrets.js';
import { rejection } from '../testing/rejection.js';

const manifest: Manifest = {
  manifestVersion: 1,
  name: 'mail',
  auth: {
    google: { type: 'oauth2', provider: 'google' },
    key: { type: 'apiKey', env: 'MAIL_API_KEY' },
  },
  permissions: { env: ['MAIL_REGION'] },
  tools: [
    {
      name: 'mail.list',
      description: 'List.',
      inputSchema: { type: 'object' },
      auth: { provider: 'google', scopes: ['gmail.readonly'] },
    },
  ],
};

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, logger: pino({ level: 'trace' }, stream) };
}

async function context(
  opts: { env?: NodeJS.ProcessEnv; secrets?: Record<string, string>; secretValues?: string[] } = {},
) {
  const record = skillRecord({
    name: 'mail',
    manifest,
    tools: [{ name: 'mail.list', auth: { provider: 'google', scopes: ['gmail.readonly'] } }],
    config: Object.freeze({ a: 1 }),
  });
  const { lines, logger } = capture();
  const redactor = createRedactor(opts.secretValues ?? []);
  const ctx = createSkillContext(record, {
    home: await tempDir(),
    config: { skills: { mail: { ...(opts.secrets && { secrets: opts.secrets }) } } },
    configFile: '/h/config.json',
    env: opts.env ?? {},
    logger,
    redactor: () => redactor,
  });
  return { ctx, lines };
}

describe('SkillContext', () => {
  it('config is frozen and skill identity is set', async () => {
    const { ctx } = await context();
    expect(ctx.skill).toMatchObject({ name: 'mail', version: '1.0.0' });
    expect(Object.isFrozen(ctx.config)).toBe(true);
  });

  it('secrets: declared names from config secrets first, then env; undeclared names refused', async () => {
    const { ctx } = await context({
      env: { MAIL_API_KEY: 'from-env', MAIL_REGION: 'eu', HOME: '/root' },
      secrets: { MAIL_API_KEY: 'from-config' },
    });
    expect(await ctx.secrets.get('MAIL_API_KEY')).toBe('from-config');
    expect(await ctx.secrets.get('MAIL_REGION')).toBe('eu');
    const e = await rejection(ctx.secrets.get('HOME'));
    expect(e.code).toBe('POLICY_DENIED');
    expect(e.message).toContain('"HOME"');
  });

  it('secrets: a config entry shadows the env value, even an empty one; the env value is never handed out', async () => {
    const shadowed = await context({
      env: { MAIL_API_KEY: 'env-value-shadowed' },
      secrets: { MAIL_API_KEY: '' },
    });
    expect(await shadowed.ctx.secrets.get('MAIL_API_KEY')).toBeUndefined();
    expect(await shadowed.ctx.auth.getAccessToken('key').catch((e: SkillError) => e.code)).toBe(
      'AUTH_REQUIRED',
    );
  });

  it('knownSecretValues includes the env value a config entry shadows, so it is redacted', () => {
    const record = skillRecord({ name: 'mail', manifest });
    const values = knownSecretValues(
      [record],
      { skills: { mail: { secrets: { MAIL_API_KEY: 'config-value-1' } } } },
      { MAIL_API_KEY: 'env-value-shadowed' },
    );
    expect(values.sort()).toEqual(['config-value-1', 'env-value-shadowed']);
    const r = createRedactor(values);
    expect(r.text('env-value-shadowed and config-value-1')).toBe('[REDACTED] and [REDACTED]');
  });

  it('auth: a declared oauth2 provider answers AUTH_REQUIRED naming the login command', async () => {
    const { ctx } = await context();
    const e = await rejection(ctx.auth.getAccessToken('google'));
    expect(e).toBeInstanceOf(SkillError);
    expect(e.code).toBe('AUTH_REQUIRED');
    expect(e.hint).toBe('Run: openclaw-skill auth login mail');
    const f = await rejection(ctx.auth.fetch('google', 'http://127.0.0.1:9/'));
    expect(f.code).toBe('AUTH_REQUIRED');
  });

  it('auth: an undeclared provider or scope is refused with a clear message', async () => {
    const { ctx } = await context();
    const e = await rejection(ctx.auth.getAccessToken('github'));
    expect(e.code).toBe('POLICY_DENIED');
    expect(e.message).toContain('"github"');
    expect(e.message).toContain('declared: google, key');
    const s = await rejection(ctx.auth.getAccessToken('google', { scopes: ['gmail.send'] }));
    expect(s.code).toBe('POLICY_DENIED');
    expect(s.message).toContain('gmail.send');
  });

  it('auth: an apiKey provider gives its key, or AUTH_REQUIRED saying what to set', async () => {
    const missing = await context();
    const e = await rejection(missing.ctx.auth.getAccessToken('key'));
    expect(e.code).toBe('AUTH_REQUIRED');
    expect(e.hint).toContain('MAIL_API_KEY');
    const present = await context({ env: { MAIL_API_KEY: 'abc123' } });
    expect(await present.ctx.auth.getAccessToken('key')).toBe('abc123');
  });

  it('logger: bound to the skill; secret keys and known secret values are redacted', async () => {
    const { ctx, lines } = await context({ secretValues: ['s3cr3t-value-42'] });
    ctx.logger.info(
      {
        apiKey: 'aaa',
        nested: { githubToken: 'bbb', note: 'uses s3cr3t-value-42 here' },
        count: 2,
      },
      'sent with s3cr3t-value-42',
    );
    ctx.logger.child({ req: 1 }).warn({ password: 'pw', authorization: 'Bearer xyz' });
    ctx.logger.error(new Error('failed with s3cr3t-value-42'));
    const text = lines.join('');
    for (const secret of ['aaa', 'bbb', 's3cr3t-value-42', '"pw"', 'xyz'])
      expect(text).not.toContain(secret);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({
      skill: 'mail',
      apiKey: '[REDACTED]',
      count: 2,
      msg: 'sent with [REDACTED]',
    });
    expect(first.nested).toEqual({ githubToken: '[REDACTED]', note: 'uses [REDACTED] here' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ skill: 'mail', req: 1, password: '[REDACTED]' });
    expect(JSON.parse(lines[2]!)).toMatchObject({ msg: 'failed with [REDACTED]' });
  });

  it('knownSecretValues: configured secrets, client secrets and declared env values only', () => {
    const record = skillRecord({ name: 'mail', manifest });
    const values = knownSecretValues(
      [record],
      {
        skills: { other: { secrets: { X: 'cfg-secret' } } },
        auth: { providers: { g: { clientSecret: 'client-secret' } } },
      },
      { MAIL_API_KEY: 'env-key', PATH: '/bin' },
    );
    expect(values.sort()).toEqual(['cfg-secret', 'client-secret', 'env-key']);
  });
});
