import { describe, expect, it } from 'vitest';
import { ExclusiveQueue } from './queue.js';

/** An operation that runs until released; `started` resolves once it runs. */
function held() {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const op = () => {
    started();
    return new Promise<void>((r) => (release = r));
  };
  return { op, running, release: () => release() };
}

describe('ExclusiveQueue', () => {
  it('runs one operation at a time in the order queued, a failure not stopping the next', async () => {
    const q = new ExclusiveQueue();
    const log: string[] = [];
    const h = held();
    const first = q.run(async () => {
      log.push('first:start');
      await h.op();
      log.push('first:end');
    });
    const failing = q.run(async () => {
      log.push('second');
      throw new Error('boom');
    });
    const third = q.run(async () => {
      log.push('third');
      return 3;
    });
    await h.running;
    h.release();
    await first;
    await expect(failing).rejects.toThrow('boom');
    expect(await third).toBe(3);
    expect(log).toEqual(['first:start', 'first:end', 'second', 'third']);
  });

  it('after close, queued and new operations fail with SKILL_UNAVAILABLE and idle() settles', async () => {
    const q = new ExclusiveQueue();
    const h = held();
    const running = q.run(h.op);
    const queued = q.run(async () => 'never');
    await h.running;
    q.close();
    expect(q.closed).toBe(true);
    h.release();
    await running;
    await expect(queued).rejects.toMatchObject({ code: 'SKILL_UNAVAILABLE' });
    await expect(q.run(async () => 1)).rejects.toMatchObject({ code: 'SKILL_UNAVAILABLE' });
    await expect(q.idle()).resolves.toBeUndefined();
  });
});
