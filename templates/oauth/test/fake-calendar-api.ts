// A small local server in the Google Calendar API's shape, so the tests never reach Google.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCalendarApi {
  url: string;
  requests: Array<{ method: string; path: string; authorization?: string; body: string }>;
  close(): Promise<void>;
}

const read = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
};

export async function startFakeCalendarApi(): Promise<FakeCalendarApi> {
  const requests: FakeCalendarApi['requests'] = [];
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const path = req.url ?? '/';
    requests.push({
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      body,
    });
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'Bearer test-token') {
      res.statusCode = 401;
      return res.end(JSON.stringify({ error: { code: 401, message: 'Invalid Credentials' } }));
    }
    if (req.method === 'GET' && path.startsWith('/calendar/v3/users/me/calendarList'))
      return res.end(
        JSON.stringify({
          kind: 'calendar#calendarList',
          items: [
            { id: 'ada@example.com', summary: 'Ada', primary: true },
            { id: 'team@group.calendar.google.com', summary: 'Team' },
          ],
        }),
      );
    if (req.method === 'POST' && path === '/calendar/v3/calendars/primary/events')
      return res.end(
        JSON.stringify({
          kind: 'calendar#event',
          id: 'evt1',
          htmlLink: 'https://calendar.example/evt1',
        }),
      );
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { code: 404, message: 'Not Found' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
