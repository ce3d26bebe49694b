import { describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

const mailSchema = {
  type: 'object',
  properties: {
    to: { type: 'string', format: 'email' },
    subject: { type: 'string' },
    cc: { type: 'array', items: { type: 'string' } },
  },
  required: ['to', 'subject'],
  additionalProperties: false,
} as const;

const skills = () => [
  skillRecord({
    name: 'mail',
    tools: [
      { name: 'mail.send', inputSchema: mailSchema },
      {
        name: 'mail.count',
        outputSchema: {
          type: 'object',
          properties: { n: { type: 'integer' } },
          required: ['n'],
        } as const,
      },
      {
        name: 'mail.modern',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { ids: { type: 'array', prefixItems: [{ type: 'integer' }] } },
        },
      },
      {
        name: 'mail.broken',
        inputSchema: { type: 'object', properties: { a: { type: 'strin' } } },
      },
    ],
  }),
];

describe('input validation', () => {
  it('returns INVALID_INPUT naming each failing JSON path, without running the tool', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.send': () => 'sent' } });
    const r = await h.router.call({ name: 'mail.send', input: { to: 42, cc: ['a', 3] } });
    expect(r).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
    if (!r.isError) return;
    expect(r.message).toContain('/to: must be string');
    expect(r.message).toContain('/cc/1: must be string');
    expect(r.message).toContain("(root): must have required property 'subject'");
    const paths = (r.details!.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/to', '/cc/1', '']));
    expect(h.invoked).toHaveLength(0);
  });

  it('an unexpected field (additionalProperties: false) is named in the message', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.send': () => 'sent' } });
    const r = await h.router.call({
      name: 'mail.send',
      input: { to: 'a@b.test', subject: 's', bcc: 'x@y.test' },
    });
    expect(r).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
    if (r.isError) expect(r.message).toContain('(root): must NOT have the unexpected field "bcc"');
    expect(h.invoked).toHaveLength(0);
  });

  it('checks formats (ajv-formats)', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.send': () => 'sent' } });
    const bad = await h.router.call({
      name: 'mail.send',
      input: { to: 'not an address', subject: 's' },
    });
    expect(bad).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
    if (bad.isError) expect(bad.message).toContain('/to: must match format "email"');
    const good = await h.router.call({
      name: 'mail.send',
      input: { to: 'ada@example.com', subject: 's' },
    });
    expect(good).toMatchObject({ isError: false, text: 'sent' });
  });

  it.each([
    ['undefined', undefined, 'got undefined'],
    ['null', null, 'got null'],
    ['a string', '{"to":"x"}', 'got string'],
    ['an array', [1], 'got an array'],
  ])('input that is %s is INVALID_INPUT: not a JSON object', async (_t, input, got) => {
    const h = await harness({ skills: skills() });
    const r = await h.router.call({ name: 'mail.send', input });
    expect(r).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
    if (r.isError) {
      expect(r.message).toContain('were not a JSON object');
      expect(r.message).toContain(got);
    }
  });

  it('understands 2020-12 schemas', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.modern': () => 'ok' } });
    const r = await h.router.call({ name: 'mail.modern', input: { ids: ['x'] } });
    expect(r).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
    if (r.isError) expect(r.message).toContain('/ids/0: must be integer');
  });

  it('a tool whose schema cannot compile is MANIFEST_INVALID, not a crash', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.broken': () => 'ok' } });
    const r = await h.router.call({ name: 'mail.broken', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'MANIFEST_INVALID' });
    if (r.isError) expect(r.message).toContain('inputSchema');
  });

  it("compiles a tool's input schema on its first call only (later calls do not read it)", async () => {
    let reads = 0;
    const counted = new Proxy(structuredClone(mailSchema), {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const h = await harness({
      skills: [skillRecord({ name: 'mail', tools: [{ name: 'mail.send', inputSchema: counted }] })],
      tools: { 'mail.send': () => 'sent' },
    });
    const input = { to: 'a@b.co', subject: 's' };
    expect(await h.router.call({ name: 'mail.send', input })).toMatchObject({ isError: false });
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await h.router.call({ name: 'mail.send', input });
    expect(h.invoked).toHaveLength(4);
    expect(reads).toBe(afterFirst);
  });
});

describe('output validation', () => {
  it('a JSON result that breaks outputSchema is INVALID_OUTPUT', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.count': () => ({ n: 'three' }) } });
    const r = await h.router.call({ name: 'mail.count', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'INVALID_OUTPUT' });
    if (r.isError) expect(r.message).toContain('/n: must be integer');
  });

  it('a matching JSON result passes with structured content', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.count': () => ({ n: 3 }) } });
    expect(await h.router.call({ name: 'mail.count', input: {} })).toMatchObject({
      isError: false,
      text: '{"n":3}',
      structured: { n: 3 },
    });
  });
});
