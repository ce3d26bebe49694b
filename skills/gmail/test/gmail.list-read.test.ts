// gmail.list and gmail.read through the router on a signed-in grant: what the model reads,
// the bound on concurrent fetches, and Google's error answers.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmailSetup, type GmailSetup } from './gmail-host.js';

let s: GmailSetup;
beforeAll(async () => {
  s = await gmailSetup();
  await s.login();
});
afterAll(() => s?.close());

const ok = async (name: string, input: Record<string, unknown>) => {
  const r = await s.host.call({ name, input });
  if (r.isError) throw new Error(`${r.code}: ${r.message}`);
  return r.structured as Record<string, unknown>;
};

describe('gmail.list and gmail.read', () => {
  it('gmail.list with a query gives id, thread, sender, subject, date, unread flag and snippet', async () => {
    const out = await ok('gmail.list', { query: 'is:unread' });
    expect(out).toEqual({
      messages: [
        {
          id: '18c1a',
          threadId: 't1',
          from: 'Ana Sousa <ana@example.com>',
          subject: 'Lunch on Friday?',
          date: 'Fri, 27 Nov 2026 09:12:00 +0000',
          unread: true,
          snippet: 'Shall we meet at noon? Ana',
        },
      ],
      resultSizeEstimate: 1,
    });
  });

  it('gmail.list of 30 messages fetches their metadata at most 5 at a time', async () => {
    for (let i = 0; i < 30; i++) {
      s.gmail.messages.push({
        id: `bulk${i}`,
        threadId: `tb${i}`,
        labelIds: ['INBOX'],
        internalDate: '0',
        raw: await new MailComposer({
          from: 'x@example.com',
          to: 'me@example.com',
          subject: `bulk ${i}`,
          text: 'bulk',
        })
          .compile()
          .build(),
      });
    }
    const out = await ok('gmail.list', { query: 'bulk', maxResults: 30 });
    expect((out.messages as unknown[]).length).toBe(30);
    expect(s.gmail.maxInFlight()).toBeLessThanOrEqual(5);
    expect(s.gmail.maxInFlight()).toBeGreaterThan(1);
    s.gmail.messages.splice(3);
  });

  it('gmail.read of an HTML-only message gives its text without markup', async () => {
    const out = await ok('gmail.read', { id: '18c1b' });
    expect(out.body).toContain('Total: 12.00 EUR');
    expect(out.body).not.toMatch(/[<>]/);
    expect(out).toMatchObject({
      from: 'Billing <billing@example.org>',
      subject: 'Your invoice',
      attachments: [],
    });
  });

  it('gmail.read cuts a long body at maxBodyChars with a note saying how much there was', async () => {
    const out = await ok('gmail.read', { id: '18c1c' });
    expect(out.bodyChars).toBe(24999);
    expect(out.body).toMatch(/\n\n\[body cut: showing 8000 of 24999 characters\]$/);
  });

  it('an unknown id is INVALID_INPUT quoting Google and pointing at gmail.list', async () => {
    const r = await s.host.call({ name: 'gmail.read', input: { id: 'nope' } });
    expect(r.isError && [r.code, r.message, r.hint]).toEqual([
      'INVALID_INPUT',
      'Gmail has no such message or label: Requested entity was not found.',
      'Use an id returned by gmail.list.',
    ]);
  });

  it("Google's 403 insufficientPermissions is AUTH_REQUIRED naming the tool's scope and the login command", async () => {
    s.gmail.answerNext({
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          errors: [
            {
              message: 'Insufficient Permission',
              domain: 'global',
              reason: 'insufficientPermissions',
            },
          ],
          status: 'PERMISSION_DENIED',
        },
      },
    });
    const r = await s.host.call({ name: 'gmail.read', input: { id: '18c1a' } });
    expect(r.isError && [r.code, r.hint]).toEqual([
      'AUTH_REQUIRED',
      'Tell the user to run: openclaw-skill auth login gmail --scopes gmail.readonly',
    ]);
    expect(r.isError && r.message).toContain('gmail.readonly');
  });

  it("Google's 429 rateLimitExceeded is RATE_LIMITED", async () => {
    s.gmail.answerNext({
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'User-rate limit exceeded.',
          errors: [
            {
              message: 'User-rate limit exceeded.',
              domain: 'usageLimits',
              reason: 'rateLimitExceeded',
            },
          ],
          status: 'RESOURCE_EXHAUSTED',
        },
      },
    });
    const r = await s.host.call({ name: 'gmail.list', input: {} });
    expect(r.isError && [r.code, r.message]).toEqual([
      'RATE_LIMITED',
      "Gmail's rate limit is reached: User-rate limit exceeded.",
    ]);
  });
});
