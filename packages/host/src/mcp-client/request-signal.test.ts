// The per-request AbortController's signal handed to the MCP SDK: aborting the router's
// CallInfo makes the SDK send notifications/cancelled for exactly that request and reject it
// (real SDK client and server, in memory).
import { afterEach, describe, expect, it } from 'vitest';
import { CallInfo } from '../router/run.js';
import { requestSignal } from './request-signal.js';
import { closeSlowPairs, slowPair, until } from './slow-server.fixtures.js';

afterEach(closeSlowPairs);

const pair = slowPair;

describe('requestSignal', () => {
  it('aborting the CallInfo sends notifications/cancelled for that request id and rejects the SDK call with the reason', async () => {
    const { client, cancelled, started } = await pair();
    const info = new CallInfo('c1', undefined);
    const call = client.callTool({ name: 'slow', arguments: {} }, undefined, {
      signal: requestSignal(info).signal,
    });
    await until(() => started.length === 1);
    info.abort(new DOMException('slow timed out after 10 ms', 'TimeoutError'));
    await expect(call).rejects.toThrow('slow timed out after 10 ms');
    await until(() => cancelled.length === 1);
    expect(cancelled).toEqual([
      { requestId: started[0], reason: expect.stringContaining('timed out') },
    ]);
  });

  it('a call aborted before its request starts is refused without reaching the server', async () => {
    const { client, started } = await pair();
    const info = new CallInfo('c2', undefined);
    info.abort(new Error('caller went away'));
    const { signal } = requestSignal(info);
    await Promise.resolve(); // the late listener runs in a microtask
    expect(signal.aborted).toBe(true);
    await expect(
      client.callTool({ name: 'slow', arguments: {} }, undefined, { signal }),
    ).rejects.toThrow('caller went away');
    expect(started).toEqual([]);
  });

  it('a released signal (its request answered) sends no notification when the call aborts later', async () => {
    const p = await pair();
    const info = new CallInfo('c3', undefined);
    const { signal, release } = requestSignal(info);
    const call = p.client.callTool({ name: 'slow', arguments: {} }, undefined, { signal });
    await until(() => p.started.length === 1);
    p.release();
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'late' }] });
    release();
    info.abort(new Error('too late'));
    // One more round trip, so a notification sent by the abort would have arrived.
    const again = p.client.callTool({ name: 'slow', arguments: {} });
    await until(() => p.started.length === 2);
    p.release();
    await again;
    expect(p.cancelled).toEqual([]);
    expect(signal.aborted).toBe(false);
  });

  it('uses the signal of a call info that has no abort slot', () => {
    const controller = new AbortController();
    const info = { callId: 'x', session: undefined, signal: controller.signal };
    expect(requestSignal(info).signal).toBe(controller.signal);
  });

  it("is a real AbortSignal that fires each listener once with the call's reason", () => {
    const info = new CallInfo('c4', undefined);
    const { signal } = requestSignal(info);
    expect(signal).toBeInstanceOf(AbortSignal);
    const seen: unknown[] = [];
    signal.addEventListener('abort', () => seen.push(signal.reason));
    info.abort('why');
    info.abort('again');
    expect(seen).toEqual(['why']);
    expect(() => signal.throwIfAborted()).toThrow();
  });
});
