// Clients that hold connections open without finishing a request are dropped by serve, and
// a body declared larger than the limit is refused from its headers alone; a normal request
// is answered all the while. A real serve on loopback with short timeouts.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type ServeFixture } from './serve.fixtures.js';

const SLOW = 200;
const MAX_BODY = 64 * 1024;

let fx: ServeFixture;
let port: number;
let token: string;

beforeAll(async () => {
  fx = await serveFixture({
    maxBodyBytes: MAX_BODY,
    timeouts: { headersMs: 200, requestMs: 400, checkIntervalMs: 50 },
  });
  port = fx.serve.info!.port;
  token = fx.serve.info!.token;
});
afterAll(() => fx?.cleanup());

interface Raw {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

/** A raw connection that writes `text` and then nothing more. */
function rawClient(text: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let got = '';
    const closed = new Promise<string>((done) => {
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => done(got));
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      // A reset after the server's answer is the server closing too.
      socket.on('error', () => undefined);
      socket.write(text);
      resolve({ socket, closed });
    });
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
const bodyOf = (response: string) => response.slice(response.indexOf('\r\n\r\n') + 4);

describe('serve and slow or oversized clients', () => {
  it(`closes all of ${SLOW} connections that never finish their headers with 408, and answers a normal request meanwhile`, async () => {
    const partial = `GET /api/skills HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `;
    const slow = await Promise.all(Array.from({ length: SLOW }, () => rawClient(partial)));
    const res = await fetch(`http://127.0.0.1:${port}/api/skills`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const answers = await Promise.all(slow.map((c) => c.closed));
    expect(answers.map(statusOf)).toEqual(Array(SLOW).fill(408));
  });

  it('refuses a Content-Length of 2000000000 with 413 BODY_TOO_LARGE from the headers alone, then closes', async () => {
    const head =
      `POST /api/skills HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: 2000000000\r\n\r\n`;
    const client = await rawClient(head);
    const response = await client.closed;
    expect(statusOf(response)).toBe(413);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(bodyOf(response))).toEqual({
      error: {
        code: 'BODY_TOO_LARGE',
        message: `The request body is larger than ${MAX_BODY} bytes.`,
        hint: expect.stringContaining('smaller request') as unknown,
      },
    });
  });

  it('refuses an oversized Content-Length with Expect: 100-continue without inviting the body', async () => {
    const head =
      `POST /api/skills HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Length: ${MAX_BODY + 1}\r\n` +
      `Expect: 100-continue\r\n\r\n`;
    const response = await (await rawClient(head)).closed;
    expect(response).not.toContain('100 Continue');
    expect(statusOf(response)).toBe(413);
  });
});
