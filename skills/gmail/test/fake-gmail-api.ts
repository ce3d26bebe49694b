// A local server answering in the Gmail REST API's shape (users.messages list/get/send),
// since tests cannot reach Google. It checks the bearer token like the real API does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  headers: Record<string, string>;
  body: string;
}

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export interface FakeGmail {
  url: string;
  /** Raw RFC 2822 messages received by messages/send, decoded. */
  sent: string[];
  /** Authorization headers seen. */
  authHeaders: string[];
  close(): Promise<void>;
}

export async function startFakeGmail(opts: { token: string }): Promise<FakeGmail> {
  const messages: StoredMessage[] = [
    {
      id: '18c1a',
      threadId: 't1',
      labelIds: ['INBOX', 'UNREAD'],
      headers: {
        From: 'Ana <ana@example.com>',
        To: 'me@example.com',
        Subject: 'Lunch on Friday?',
        Date: 'Fri, 27 Nov 2026 09:12:00 +0000',
      },
      body: 'Shall we meet at noon?\nAna',
    },
    {
      id: '18c1b',
      threadId: 't2',
      labelIds: ['INBOX'],
      headers: {
        From: 'Billing <billing@example.org>',
        To: 'me@example.com',
        Subject: 'Your invoice',
        Date: 'Thu, 26 Nov 2026 18:00:00 +0000',
      },
      body: 'Invoice 42 is attached.',
    },
  ];
  const sent: string[] = [];
  const authHeaders: string[] = [];
  const payload = (m: StoredMessage, format: string, only: string[]) => ({
    mimeType: 'multipart/alternative',
    headers: Object.entries(m.headers)
      .filter(([n]) => format !== 'metadata' || only.length === 0 || only.includes(n))
      .map(([name, value]) => ({ name, value })),
    ...(format === 'full' && {
      parts: [
        {
          partId: '0',
          mimeType: 'text/plain',
          body: { size: m.body.length, data: b64url(m.body) },
        },
        {
          partId: '1',
          mimeType: 'text/html',
          body: { size: 10, data: b64url(`<p>${m.body}</p>`) },
        },
      ],
    }),
  });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const auth = req.headers.authorization ?? '';
    authHeaders.push(auth);
    if (auth !== `Bearer ${opts.token}`) {
      return send(401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      });
    }
    const prefix = '/gmail/v1/users/me/messages';
    if (req.method === 'GET' && url.pathname === prefix) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const max = Number(url.searchParams.get('maxResults') ?? 100);
      const hits = messages.filter((m) => {
        if (!q) return true;
        return q.split(/\s+/).every((term) => {
          if (term === 'is:unread') return m.labelIds.includes('UNREAD');
          if (term.startsWith('from:'))
            return m.headers.From!.toLowerCase().includes(term.slice(5));
          return JSON.stringify(m).toLowerCase().includes(term);
        });
      });
      return send(200, {
        ...(hits.length && {
          messages: hits.slice(0, max).map((m) => ({ id: m.id, threadId: m.threadId })),
        }),
        resultSizeEstimate: hits.length,
      });
    }
    if (req.method === 'GET' && url.pathname.startsWith(prefix + '/')) {
      const m = messages.find(
        (x) => x.id === decodeURIComponent(url.pathname.slice(prefix.length + 1)),
      );
      if (!m)
        return send(404, {
          error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
        });
      const format = url.searchParams.get('format') ?? 'full';
      return send(200, {
        id: m.id,
        threadId: m.threadId,
        labelIds: m.labelIds,
        snippet: m.body.slice(0, 40),
        payload: payload(m, format, url.searchParams.getAll('metadataHeaders')),
      });
    }
    if (req.method === 'POST' && url.pathname === `${prefix}/send`) {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as { raw?: string; threadId?: string };
      if (!body.raw)
        return send(400, {
          error: {
            code: 400,
            message: "Invalid value for ByteString: ''",
            status: 'INVALID_ARGUMENT',
          },
        });
      sent.push(Buffer.from(body.raw, 'base64url').toString('utf8'));
      return send(200, {
        id: `sent${sent.length}`,
        threadId: body.threadId ?? `t-sent${sent.length}`,
        labelIds: ['SENT'],
      });
    }
    send(404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    authHeaders,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
