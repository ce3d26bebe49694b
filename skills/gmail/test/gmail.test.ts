import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestSkill } from '@openclaw/skill-sdk/testing';
import skill from '../src/index.js';
import { startFakeGmail, type FakeGmail } from './fake-gmail-api.js';

const TOKEN = 'ya29.test-access-token';
let api: FakeGmail;
beforeAll(async () => {
  api = await startFakeGmail({ token: TOKEN });
});
afterAll(() => api.close());

const load = (tokens: Record<string, string> = { google: TOKEN }) =>
  loadTestSkill(skill, { name: 'gmail', config: { apiBaseUrl: api.url }, tokens });

describe('gmail skill', () => {
  it('lists messages matching a Gmail query with sender, subject and unread flag', async () => {
    const { call } = await load();
    const out = (await call('gmail.list', { query: 'is:unread' })) as {
      messages: Array<Record<string, unknown>>;
    };
    expect(out.messages).toEqual([
      expect.objectContaining({
        id: '18c1a',
        from: 'Ana <ana@example.com>',
        subject: 'Lunch on Friday?',
        unread: true,
      }),
    ]);
    expect(api.authHeaders.at(-1)).toBe(`Bearer ${TOKEN}`);
  });

  it('reads the plain-text body of a message', async () => {
    const { call } = await load();
    const out = (await call('gmail.read', { id: '18c1b' })) as Record<string, string>;
    expect(out).toMatchObject({ subject: 'Your invoice', body: 'Invoice 42 is attached.' });
  });

  it('explains an unknown message id instead of failing obscurely', async () => {
    const { call } = await load();
    await expect(call('gmail.read', { id: 'nope' })).rejects.toMatchObject({
      message: 'Gmail has no such message.',
    });
  });

  it('sends an RFC 2822 message with an encoded subject and a CRLF base64 body', async () => {
    const { call } = await load();
    const out = await call('gmail.send', {
      to: 'ana@example.com',
      subject: 'Olá, sexta',
      body: 'Yes!\nSee you.',
    });
    expect(out).toMatchObject({ status: 'sent' });
    const raw = api.sent.at(-1)!;
    expect(raw).toMatch(/^To: ana@example\.com\r\n/);
    expect(raw).toContain('Subject: =?UTF-8?B?');
    const body = raw.split('\r\n\r\n')[1]!;
    expect(Buffer.from(body, 'base64').toString('utf8')).toBe('Yes!\r\nSee you.');
  });

  for (const field of ['to', 'cc', 'subject'] as const) {
    it(`refuses a line break in "${field}" (a header injection) with INVALID_INPUT and sends nothing`, async () => {
      const { call } = await load();
      const sent = api.sent.length;
      const input = {
        to: 'ana@example.com',
        subject: 'Hi',
        body: 'Hello.',
        [field]: 'ana@example.com\r\nBcc: evil@example.com',
      };
      await expect(call('gmail.send', input)).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining(`"${field}" must be a single line`),
      });
      expect(api.sent).toHaveLength(sent);
    });
  }

  it('surfaces a refused token as an error from the API', async () => {
    const { call } = await load({ google: 'wrong-token' });
    await expect(call('gmail.list', {})).rejects.toMatchObject({
      message: expect.stringContaining('401'),
    });
  });

  it('asks for sign-in when no Google token is available', async () => {
    const { call } = await load({});
    await expect(call('gmail.list', {})).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  });
});
