// gmail.send through the router: a non-ASCII message with an attachment round-trips through
// send and read, replies carry the threading headers, header injection is refused, and files
// outside the folders the user allowed are not attached.
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmailSetup, type GmailSetup } from './gmail-host.js';

let s: GmailSetup;
beforeAll(async () => {
  s = await gmailSetup();
  await s.login();
});
afterAll(() => s?.close());

const sendRequests = () => s.gmail.requests.filter((r) => r.path.endsWith('messages/send'));
const lastRaw = () => s.gmail.messages.at(-1)!.raw.toString('latin1');

describe('gmail.send', () => {
  it('a message with a non-ASCII subject, names and an attachment reads back the same through gmail.read', async () => {
    const pdf = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    await writeFile(join(s.files, 'relatório março.pdf'), pdf);
    const sent = await s.host.call({
      name: 'gmail.send',
      input: {
        to: 'José Álvares <jose@example.com>',
        subject: 'Relatório de março — pronto ✓',
        body: 'Olá José,\nsegue o relatório.\n',
        attachments: [{ path: join(s.files, 'relatório março.pdf') }],
      },
    });
    if (sent.isError) throw new Error(`${sent.code}: ${sent.message}`);
    const { id } = sent.structured as { id: string };

    const raw = lastRaw();
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(raw.split('\r\n').filter((l) => /^[A-Za-z0-9+/=]{76}$/.test(l)).length).toBeGreaterThan(
      10,
    );

    const read = await s.host.call({ name: 'gmail.read', input: { id } });
    if (read.isError) throw new Error(`${read.code}: ${read.message}`);
    expect(read.structured).toMatchObject({
      id,
      to: 'José Álvares <jose@example.com>',
      subject: 'Relatório de março — pronto ✓',
      body: 'Olá José,\nsegue o relatório.',
      attachments: [{ filename: 'relatório março.pdf', mimeType: 'application/pdf', size: 3000 }],
    });

    // Gmail's `format=full` shape of the same stored message lists the attachment part.
    const full = (await (
      await fetch(`${s.gmail.url}/gmail/v1/users/me/messages/${id}?format=full`, {
        headers: { authorization: `Bearer ${s.gmail.requests.at(-1)!.token}` },
      })
    ).json()) as {
      payload: {
        parts: Array<{ filename: string; body: { size: number; attachmentId?: string } }>;
      };
    };
    expect(
      full.payload.parts.find((p) => p.filename === 'relatório março.pdf')?.body,
    ).toMatchObject({ size: 3000, attachmentId: expect.any(String) });
  });

  it('a reply built from gmail.read has In-Reply-To, References, "Re:" subject and the thread id', async () => {
    const original = await s.host.call({ name: 'gmail.read', input: { id: '18c1a' } });
    if (original.isError) throw new Error(original.message);
    const { reply } = original.structured as { reply: Record<string, string> };
    expect(reply).toEqual({
      threadId: 't1',
      messageId: '<lunch-1@example.com>',
      references: '<lunch-1@example.com>',
      subject: 'Re: Lunch on Friday?',
      to: 'Ana Sousa <ana@example.com>',
    });
    const sent = await s.host.call({
      name: 'gmail.send',
      input: { to: reply.to!, body: 'Noon works.', reply },
    });
    expect(sent.isError ? sent.message : sent.structured).toMatchObject({
      threadId: 't1',
      subject: 'Re: Lunch on Friday?',
    });
    const raw = lastRaw();
    expect(raw).toMatch(/^In-Reply-To: <lunch-1@example\.com>\r$/m);
    expect(raw).toMatch(/^References: <lunch-1@example\.com>\r$/m);
    expect(raw).toMatch(/^Subject: Re: Lunch on Friday\?\r$/m);
  });

  it('an HTML body is sent as multipart/alternative with the plain text first', async () => {
    const r = await s.host.call({
      name: 'gmail.send',
      input: { to: 'ana@example.com', subject: 'Menu', body: 'Soup', html: '<p>Soup</p>' },
    });
    expect(r.isError ? r.message : 'ok').toBe('ok');
    const raw = lastRaw();
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw.indexOf('text/plain')).toBeLessThan(raw.indexOf('text/html'));
  });

  for (const field of ['to', 'cc', 'bcc', 'subject'] as const) {
    it(`a line break in "${field}" is refused as INVALID_INPUT and nothing is sent`, async () => {
      const before = sendRequests().length;
      const r = await s.host.call({
        name: 'gmail.send',
        input: {
          to: 'ana@example.com',
          subject: 'Hi',
          body: 'Hello.',
          [field]: 'ana@example.com\r\nBcc: evil@example.com',
        },
      });
      expect(r.isError && [r.code, r.message]).toEqual([
        'INVALID_INPUT',
        `"${field}" must be a single line: a line break in it could add email headers.`,
      ]);
      expect(sendRequests()).toHaveLength(before);
    });
  }

  it('a file outside the allowed folders, or a symlink leading out of one, is POLICY_DENIED naming the setting', async () => {
    const outside = join(s.files, '..', 'secret.txt');
    await writeFile(outside, 'secret');
    await symlink(outside, join(s.files, 'link.txt'));
    const before = sendRequests().length;
    for (const path of [outside, join(s.files, 'link.txt')]) {
      const r = await s.host.call({
        name: 'gmail.send',
        input: { to: 'ana@example.com', subject: 'x', body: 'x', attachments: [{ path }] },
      });
      expect(r.isError && r.code).toBe('POLICY_DENIED');
      expect(r.isError && r.hint).toContain('skills.gmail.config.attachmentFolders');
    }
    expect(sendRequests()).toHaveLength(before);
  });

  it('a message without a subject that is not a reply is INVALID_INPUT naming "subject"', async () => {
    const r = await s.host.call({
      name: 'gmail.send',
      input: { to: 'ana@example.com', body: 'x' },
    });
    expect(r.isError && [r.code, r.message]).toEqual([
      'INVALID_INPUT',
      '"subject" is required unless the message is a reply.',
    ]);
  });
});
