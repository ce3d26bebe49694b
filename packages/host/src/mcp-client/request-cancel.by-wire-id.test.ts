// Cancelling a tools/call by its id on the wire: aborting the router's CallInfo sends
// notifications/cancelled for exactly that request and rejects the SDK call at once, with no
// AbortSignal handed to the SDK (real SDK client and server, in memory).
import { afterEach, describe, expect, it } from 'vitest';
import { CallInfo } from '../router/run.js';
import { RequestCancels } from './request-cancel.js';
import { closeSlowPairs, slowPair, until } from './slow-server.fixtures.js';

afterEach(closeSlowPairs);

/** A slow pair whose client transport has cancellation by wire id. */
async function pair() {
  const p = await slowPair();
  return { ...p, cancels: new RequestCancels(p.transport) };
}

describe('RequestCancels', () => {
  it('aborting the CallInfo sends notifications/cancelled for that request id and rejects the call with the reason', async () => {
    const { client, cancels, cancelled, started } = await pair();
    // An earlier request, so the watched one is not the first id.
    await client.listTools();
    const info = new CallInfo('c1', undefined);
    const params = { name: 'slow', arguments: {} };
    const release = cancels.watch(params, info);
    const call = client.callTool(params);
    await until(() => started.length === 1);
    info.abort(new DOMException('slow timed out after 10 ms', 'TimeoutError'));
    await expect(call).rejects.toThrow('slow timed out after 10 ms');
    expect(cancels.cancelled(params)).toBe(true);
    release!();
    await until(() => cancelled.length === 1);
    expect(cancelled).toEqual([
      { requestId: started[0], reason: expect.stringContaining('timed out') },
    ]);
  });

  it('a released watch (its request answered) sends no notification when the call aborts later', async () => {
    const p = await pair();
    const info = new CallInfo('c2', undefined);
    const params = { name: 'slow', arguments: {} };
    const release = p.cancels.watch(params, info);
    const call = p.client.callTool(params);
    await until(() => p.started.length === 1);
    p.release();
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'late' }] });
    release!();
    info.abort(new Error('too late'));
    // One more round trip, so a notification sent by the abort would have arrived.
    const again = p.client.callTool({ name: 'slow', arguments: {} });
    await until(() => p.started.length === 2);
    p.release();
    await again;
    expect(p.cancelled).toEqual([]);
    expect(p.cancels.cancelled(params)).toBe(false);
  });

  it('watches only a caller with an abort slot: any other caller passes its own signal', async () => {
    const { cancels } = await pair();
    const info = { callId: 'x', session: undefined, signal: new AbortController().signal };
    expect(cancels.watch({}, info)).toBeUndefined();
  });
});
