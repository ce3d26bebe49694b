// Server-sent events for the dashboard (GET /api/events): catalog changes, the pending
// approvals, account changes and new audit lines, each as a named event with JSON data.
// A comment line every 25 s keeps idle connections from being dropped by the browser.
import type { ServerResponse } from 'node:http';

export type StreamEvent = 'catalog' | 'approvals' | 'auth' | 'audit';

const KEEPALIVE_MS = 25_000;

export class EventStreams {
  readonly #clients = new Set<ServerResponse>();
  #timer: NodeJS.Timeout | undefined;

  /** Holds `res` open as an event stream until the client goes or close() runs. */
  open(res: ServerResponse, first: [StreamEvent, unknown][], onGone: () => void): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': openclaw-skill serve\n\n');
    for (const [event, data] of first) res.write(frame(event, data));
    this.#clients.add(res);
    res.once('close', () => {
      this.#clients.delete(res);
      onGone();
    });
    this.#timer ??= setInterval(() => {
      for (const c of this.#clients) c.write(': keep-alive\n\n');
    }, KEEPALIVE_MS).unref();
  }

  send(event: StreamEvent, data: unknown): void {
    if (this.#clients.size === 0) return;
    const text = frame(event, data);
    for (const c of this.#clients) c.write(text);
  }

  get size(): number {
    return this.#clients.size;
  }

  close(): void {
    clearInterval(this.#timer);
    for (const c of [...this.#clients]) c.end();
    this.#clients.clear();
  }
}

const frame = (event: StreamEvent, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
