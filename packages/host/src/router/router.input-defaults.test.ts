import { describe, expect, it } from 'vitest';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

// OpenClaw's own manifest example.
const searchSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    maxResults: { type: 'number', default: 10 },
    filter: {
      type: 'object',
      properties: { unread: { type: 'boolean', default: false } },
      default: {},
    },
  },
  required: ['query'],
} as const;

const skills = () => [
  skillRecord({ name: 'mail', tools: [{ name: 'mail.search', inputSchema: searchSchema }] }),
];

describe('input schema defaults', () => {
  it('the tool receives the defaults; the caller’s object and the audit keep the input as sent', async () => {
    const h = await harness({
      skills: skills(),
      tools: { 'mail.search': (input) => input },
      config: { audit: { fullInputs: true } },
    });
    const input = { query: 'invoices' };
    const r = await h.router.call({ name: 'mail.search', input });
    expect(h.invoked[0]!.input).toEqual({
      query: 'invoices',
      maxResults: 10,
      filter: { unread: false },
    });
    expect(r).toMatchObject({ isError: false });
    expect(input).toEqual({ query: 'invoices' });
    const [line] = await h.auditLines();
    expect(line!.input).toEqual({ query: 'invoices' });
  });

  it('a value the model gave wins over the default', async () => {
    const h = await harness({ skills: skills(), tools: { 'mail.search': (input) => input } });
    await h.router.call({ name: 'mail.search', input: { query: 'q', maxResults: 3 } });
    expect(h.invoked[0]!.input).toMatchObject({ maxResults: 3 });
  });

  it('the beforeCall hook sees the input with its defaults', async () => {
    let seen: unknown;
    const h = await harness({
      skills: skills(),
      tools: { 'mail.search': () => 'ok' },
      beforeCall: (call) => {
        seen = call.input;
        return { allow: true };
      },
    });
    await h.router.call({ name: 'mail.search', input: { query: 'q' } });
    expect(seen).toMatchObject({ maxResults: 10 });
  });
});
