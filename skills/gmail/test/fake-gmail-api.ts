// A local server answering in the Gmail REST API's shape (users.messages list, get in the
// raw / full / metadata formats, send, batchModify; users.labels list), since tests cannot
// reach Google. Messages are stored as the raw RFC 5322 bytes they were sent or seeded with
// and served back from them. Errors have Google's body:
// {"error": {"code", "message", "errors": [{"message", "domain", "reason"}], "status"}}.
// The bearer token is checked by a function the test gives (against the OAuth server).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import PostalMime from 'postal-mime';

export interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Buffer;
  internalDate: string;
}

export interface FakeGmail {
  url: string;
  messages: StoredMessage[];
  /** Every request: method, path with query, and the bearer token it carried. */
  requests: Array<{ method: string; path: string; token: string }>;
  /** Requests in flight at once, at most (gmail.list's concurrency bound). */
  maxInFlight(): number;
  /** The next `n` requests get 401 whatever their token (a token Google revoked early). */
  rejectNext(n: number): void;
  /** The next requests get these answers (status and Google error body). */
  answerNext(...answers: Array<{ status: number; body: unknown }>): void;
  close(): Promise<void>;
}

const googleError = (code: number, message: string, status: string, reason: string) => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
});

const LABELS = [
  { id: 'INBOX', name: 'INBOX', type: 'system' },
  { id: 'SENT', name: 'SENT', type: 'system' },
  { id: 'UNREAD', name: 'UNREAD', type: 'system' },
  { id: 'STARRED', name: 'STARRED', type: 'system' },
  { id: 'Label_7', name: 'Receipts', type: 'user' },
];

const compose = (opts: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer(opts).compile().build();

export async function seedMessages(): Promise<StoredMessage[]> {
  const seed = async (
    id: string,
    threadId: string,
    labelIds: string[],
    opts: ConstructorParameters<typeof MailComposer>[0],
  ) => ({
    id,
    threadId,
    labelIds,
    raw: await compose(opts),
    internalDate: String(Date.parse(String(opts?.date))),
  });
  return [
    await seed('18c1a', 't1', ['INBOX', 'UNREAD'], {
      from: 'Ana Sousa <ana@example.com>',
      to: 'me@example.com',
      subject: 'Lunch on Friday?',
      date: new Date('2026-11-27T09:12:00Z'),
      messageId: '<lunch-1@example.com>',
      text: 'Shall we meet at noon?\nAna',
    }),
    await seed('18c1b', 't2', ['INBOX'], {
      from: 'Billing <billing@example.org>',
      to: 'me@example.com',
      subject: 'Your invoice',
      date: new Date('2026-11-26T18:00:00Z'),
      messageId: '<invoice-42@example.org>',
      html: '<h1>Invoice 42</h1><p>Total: <b>12.00 EUR</b></p><img src="cid:logo">',
    }),
    await seed('18c1c', 't3', ['INBOX'], {
      from: 'Newsletter <news@example.net>',
      to: 'me@example.com',
      subject: 'Weekly digest',
      date: new Date('2026-11-25T07:00:00Z'),
      messageId: '<digest@example.net>',
      text: 'word '.repeat(5000),
    }),
  ];
}

const readBody = async (req: IncomingMessage) => {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
};

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const headerName = (key: string) =>
  key === 'message-id' ? 'Message-ID' : key.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase());

/** Gmail's `format=full` payload tree, from the stored raw message. */
async function fullPayload(m: StoredMessage) {
  const mail = await PostalMime.parse(m.raw);
  const headers = mail.headers.map((h) => ({ name: headerName(h.key), value: h.value }));
  const parts: unknown[] = [];
  if (mail.text !== undefined)
    parts.push({
      partId: String(parts.length),
      mimeType: 'text/plain',
      filename: '',
      headers: [{ name: 'Content-Type', value: 'text/plain; charset=utf-8' }],
      body: { size: Buffer.byteLength(mail.text), data: b64url(mail.text) },
    });
  if (mail.html !== undefined)
    parts.push({
      partId: String(parts.length),
      mimeType: 'text/html',
      filename: '',
      headers: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
      body: { size: Buffer.byteLength(mail.html), data: b64url(mail.html) },
    });
  for (const a of mail.attachments) {
    const size = typeof a.content === 'string' ? a.content.length : a.content.byteLength;
    parts.push({
      partId: String(parts.length),
      mimeType: a.mimeType,
      filename: a.filename ?? '',
      headers: [{ name: 'Content-Type', value: a.mimeType }],
      body: { attachmentId: `ANGjdJ_${m.id}_${parts.length}`, size },
    });
  }
  const top = headers.find((h) => h.name === 'Content-Type')?.value.split(';')[0] ?? 'text/plain';
  return { partId: '', mimeType: top, filename: '', headers, body: { size: 0 }, parts };
}

export async function startFakeGmail(opts: {
  tokenValid: (token: string) => boolean;
}): Promise<FakeGmail> {
  const messages = await seedMessages();
  const requests: FakeGmail['requests'] = [];
  const answers: Array<{ status: number; body: unknown }> = [];
  let reject = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const prefix = '/gmail/v1/users/me/';

  const server: Server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const send = (status: number, body?: unknown) => {
      if (body === undefined) return res.writeHead(status).end();
      res
        .writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
        .end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, token });
      const body = req.method === 'POST' ? await readBody(req) : '';
      // Let concurrent list fetches overlap, as they would against a real server.
      await new Promise((r) => setTimeout(r, 2));
      if (reject > 0 || !opts.tokenValid(token)) {
        if (reject > 0) reject--;
        return send(
          401,
          googleError(
            401,
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            'UNAUTHENTICATED',
            'authError',
          ),
        );
      }
      const scripted = answers.shift();
      if (scripted) return send(scripted.status, scripted.body);
      if (!url.pathname.startsWith(prefix))
        return send(404, googleError(404, 'Not Found', 'NOT_FOUND', 'notFound'));
      const path = url.pathname.slice(prefix.length);

      if (req.method === 'GET' && path === 'labels') return send(200, { labels: LABELS });
      if (req.method === 'GET' && path === 'messages') {
        const terms = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const max = Number(url.searchParams.get('maxResults') ?? 100);
        const hits = [];
        for (const m of messages) {
          const mail = await PostalMime.parse(m.raw);
          const ok = terms.every((t) => {
            if (t === 'is:unread') return m.labelIds.includes('UNREAD');
            if (t.startsWith('from:'))
              return (mail.from?.address ?? '').toLowerCase().includes(t.slice(5));
            if (t.startsWith('subject:'))
              return (mail.subject ?? '').toLowerCase().includes(t.slice(8));
            return `${mail.subject} ${mail.text ?? mail.html}`.toLowerCase().includes(t);
          });
          if (ok) hits.push(m);
        }
        return send(200, {
          ...(hits.length && {
            messages: hits.slice(0, max).map((m) => ({ id: m.id, threadId: m.threadId })),
          }),
          resultSizeEstimate: hits.length,
        });
      }
      const one = /^messages\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const m = messages.find((x) => x.id === decodeURIComponent(one[1]!));
        if (!m)
          return send(
            404,
            googleError(404, 'Requested entity was not found.', 'NOT_FOUND', 'notFound'),
          );
        const format = url.searchParams.get('format') ?? 'full';
        const mail = await PostalMime.parse(m.raw);
        const base = {
          id: m.id,
          threadId: m.threadId,
          labelIds: m.labelIds,
          snippet: (mail.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 100),
          sizeEstimate: m.raw.length,
          historyId: '4242',
          internalDate: m.internalDate,
        };
        if (format === 'raw') return send(200, { ...base, raw: b64url(m.raw) });
        if (format === 'minimal') return send(200, base);
        const payload = await fullPayload(m);
        if (format === 'metadata') {
          const only = url.searchParams.getAll('metadataHeaders').map((h) => h.toLowerCase());
          const headers = payload.headers.filter(
            (h) => only.length === 0 || only.includes(h.name.toLowerCase()),
          );
          return send(200, { ...base, payload: { mimeType: payload.mimeType, headers } });
        }
        return send(200, { ...base, payload });
      }
      if (req.method === 'POST' && path === 'messages/send') {
        const json = JSON.parse(body || '{}') as { raw?: string; threadId?: string };
        if (!json.raw)
          return send(
            400,
            googleError(400, 'Recipient address required', 'INVALID_ARGUMENT', 'invalidArgument'),
          );
        const raw = Buffer.from(json.raw, 'base64url');
        const m: StoredMessage = {
          id: `19${randomUUID().slice(0, 14).replace(/-/g, '')}`,
          threadId: json.threadId ?? `t-${randomUUID().slice(0, 8)}`,
          labelIds: ['SENT'],
          raw,
          internalDate: String(Date.now()),
        };
        messages.push(m);
        return send(200, { id: m.id, threadId: m.threadId, labelIds: m.labelIds });
      }
      if (req.method === 'POST' && path === 'messages/batchModify') {
        const json = JSON.parse(body || '{}') as {
          ids?: string[];
          addLabelIds?: string[];
          removeLabelIds?: string[];
        };
        for (const id of json.ids ?? []) {
          const m = messages.find((x) => x.id === id);
          if (!m) continue; // Gmail ignores unknown ids in a batch
          m.labelIds = [
            ...new Set([
              ...m.labelIds.filter((l) => !(json.removeLabelIds ?? []).includes(l)),
              ...(json.addLabelIds ?? []),
            ]),
          ];
        }
        return send(204);
      }
      send(404, googleError(404, 'Not Found', 'NOT_FOUND', 'notFound'));
    })().catch((e: unknown) => {
      if (!res.headersSent) send(500, googleError(500, String(e), 'INTERNAL', 'backendError'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    maxInFlight: () => maxInFlight,
    rejectNext: (n) => void (reject = n),
    answerNext: (...a) => void answers.push(...a),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
