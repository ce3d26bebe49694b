// Lines recorded within batchMs of the last write wait for one timer and share one write,
// instead of a file write per call (calls to an MCP server each span an event-loop turn).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRedactor } from '../redact/index.js';
import { captureLogger } from '../router/router.fixtures.js';
import { AuditLog, type AuditEntry } from './index.js';

const entry = (callId: string): AuditEntry => ({
  time: Date.UTC(2026, 0, 2),
  callId,
  tool: 'mcp__s__echo',
  skill: 'mcp__s',
  version: '1.0.0',
  decision: 'allowed',
  approval: 'auto',
  durationMs: 1,
  outcome: 'ok',
  input: {},
  output: 'ok',
  truncated: false,
  redactor: createRedactor(),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('audit batch window', () => {
  it('writes the first line after the turn, then batches lines that follow within batchMs', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'audit-batch-')), 'audit.jsonl');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const log = new AuditLog({ file, logger: captureLogger([]), batchMs: 5 });
    const drained = vi.spyOn(log as unknown as { flush(): Promise<void> }, 'flush');

    log.record(entry('first'));
    expect(vi.getTimerCount()).toBe(1); // the setImmediate after this turn
    vi.advanceTimersByTime(0);
    expect(vi.getTimerCount()).toBe(0);

    vi.advanceTimersByTime(1);
    log.record(entry('second'));
    log.record(entry('third'));
    // One timer for both, due 5 ms after the last write.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(drained).not.toHaveBeenCalled();

    vi.useRealTimers();
    await log.close();
    const ids = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { callId: string }).callId);
    expect(ids).toEqual(['first', 'second', 'third']);
  });
});
