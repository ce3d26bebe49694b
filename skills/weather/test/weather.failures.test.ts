// What reaches the model when Open-Meteo answers with an error, cannot be reached, or the
// caller stops a request in flight. Through the real router, so the host's mapping
// (NETWORK_ERROR, ABORTED) is part of what is checked.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillHost } from '@openclaw/skill-host';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './fake-open-meteo.js';
import { weatherHost, type LogLine } from './weather-host.js';

let api: FakeOpenMeteo;
let host: SkillHost;
const logs: LogLine[] = [];
beforeAll(async () => {
  api = await startFakeOpenMeteo();
  host = await weatherHost({ forecastUrl: api.url, geocodingUrl: api.url }, logs);
});
afterAll(async () => {
  await host?.close();
  await api?.close();
});

const json = (body: unknown) => JSON.stringify(body);

describe('weather failures', () => {
  it("a 400 from the forecast API reaches the model as SKILL_ERROR quoting Open-Meteo's reason", async () => {
    api.answerNext('/v1/forecast', {
      status: 400,
      body: json({ error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 91.0.' }),
    });
    const r = await host.call({ name: 'weather.current', input: { location: 'Lisbon' } });
    expect(r.isError && [r.code, r.message]).toEqual([
      'SKILL_ERROR',
      'Open-Meteo refused the request (HTTP 400): Latitude must be in range of -90 to 90°. Given: 91.0.',
    ]);
    // The skill's warning reaches the host's logger (here the test's), tagged with the tool.
    expect(logs.filter((l) => l.msg.startsWith('Open-Meteo refused'))).toEqual([
      expect.objectContaining({
        level: 40,
        tool: 'weather.current',
        msg: 'Open-Meteo refused the request (HTTP 400): Latitude must be in range of -90 to 90°. Given: 91.0.',
      }),
    ]);
  });

  it('a 429 is RATE_LIMITED with the reason and Retry-After, and a hint not to retry now', async () => {
    api.answerNext('/v1/search', {
      status: 429,
      body: json({
        error: true,
        reason: 'Minutely API request limit exceeded. Please try again in one minute.',
      }),
      headers: { 'retry-after': '60' },
    });
    const r = await host.call({ name: 'weather.forecast', input: { location: 'Lisbon' } });
    expect(r.isError && [r.code, r.message, r.details]).toEqual([
      'RATE_LIMITED',
      "Open-Meteo's request limit is reached: Minutely API request limit exceeded. Please try again in one minute.",
      { status: 429, retryAfter: '60' },
    ]);
    expect(r.isError && r.hint).toContain('Do not retry now');
  });

  it('a 502 with an HTML page from a proxy is SKILL_ERROR naming the status only', async () => {
    api.answerNext('/v1/forecast', { status: 502, body: '<html><body>Bad Gateway</body></html>' });
    const r = await host.call({ name: 'weather.current', input: { location: 'Lisbon' } });
    expect(r.isError && [r.code, r.message]).toEqual([
      'SKILL_ERROR',
      'Open-Meteo is not answering properly (HTTP 502)',
    ]);
  });

  it('an unreachable forecast API is NETWORK_ERROR naming the host, with a hint that the place is fine', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as { port: number };
    await new Promise((r) => closed.close(r));
    const down = await weatherHost({
      forecastUrl: `http://127.0.0.1:${port}`,
      geocodingUrl: api.url,
    });
    try {
      const r = await down.call({ name: 'weather.current', input: { location: 'Lisbon' } });
      expect(r.isError && [r.code, r.message, r.details]).toEqual([
        'NETWORK_ERROR',
        `Open-Meteo could not be reached at 127.0.0.1:${port} (ECONNREFUSED).`,
        { host: `127.0.0.1:${port}`, cause: 'ECONNREFUSED' },
      ]);
      expect(r.isError && r.hint).toContain('not a problem with the place asked for');
    } finally {
      await down.close();
    }
  });

  it('aborting while the forecast request is in flight ends the call as ABORTED and closes the connection', async () => {
    const held = api.holdNext('/v1/forecast');
    const ac = new AbortController();
    const call = host.call(
      { name: 'weather.current', input: { location: 'Lisbon' } },
      { signal: ac.signal },
    );
    await held.arrived;
    ac.abort();
    const r = await call;
    expect(r.isError && r.code).toBe('ABORTED');
    await held.clientGone; // the server saw the client hang up: the request was stopped, not left running
  });
});
