// Gmail's API going away under a signed-in grant: the model gets NETWORK_ERROR naming the host
// and the system error, not a bare "fetch failed".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmailSetup, type GmailSetup } from './gmail-host.js';

let s: GmailSetup;
beforeAll(async () => {
  s = await gmailSetup();
  await s.login();
});
afterAll(() => s?.close());

describe('gmail with its API unreachable', () => {
  it('gmail.list is NETWORK_ERROR naming the host and ECONNREFUSED, with a connectivity hint', async () => {
    const host = new URL(s.gmail.url).host;
    await s.gmail.close();
    const r = await s.host.call({ name: 'gmail.list', input: {} });
    expect(r.isError && [r.code, r.message, r.details]).toEqual([
      'NETWORK_ERROR',
      `Gmail could not be reached at ${host} (ECONNREFUSED).`,
      { host, cause: 'ECONNREFUSED' },
    ]);
    expect(r.isError && r.hint).toContain('connectivity problem');
  });
});
