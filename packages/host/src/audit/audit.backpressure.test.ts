// When calls outrun the disk (here: a burst that never yields to I/O), the audit log keeps
// a bounded number of bytes waiting and drops the rest, counted and logged; every line it
// keeps is whole and in order.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redact/index.js';
import { captureLogger, type LogRecord } from '../router/router.fixtures.js';
import { AuditLog, type AuditEntry, type AuditLine } from './index.js';

const entry = (n: number): AuditEntry => ({
  time: Date.UTC(2026, 0, 2),
  callId: `c${n}`,
  tool: 'w.get',
  skill: 'w',
  version: '1.0.0',
  decision: 'allowed',
  approval: 'auto',
  durationMs: 1,
  outcome: 'ok',
  input: { n },
  output: 'x'.repeat(100),
  truncated: false,
  redactor: createRedactor(),
});

describe('audit backpressure', () => {
  it('a burst larger than maxPendingBytes drops lines, counts and logs them, and keeps the rest in order', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'audit-bp-')), 'audit.jsonl');
    const logs: LogRecord[] = [];
    const log = new AuditLog({
      file,
      logger: captureLogger(logs),
      maxBuffered: 1,
      maxPendingBytes: 2_000,
    });
    for (let n = 0; n < 200; n++) log.record(entry(n));
    await log.close();
    const lines = (await readFile(file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AuditLine);
    expect(log.dropped).toBeGreaterThan(0);
    expect(lines.length + log.dropped).toBe(200);
    const ids = lines.map((l) => Number(l.callId.slice(1)));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const warnings = logs.filter((l) => l.level === 'warn').map((l) => l.msg);
    expect(warnings[0]).toMatch(/not keeping up/);
    expect(warnings.some((m) => m?.includes(`Dropped ${log.dropped} audit lines`))).toBe(true);
  });

  it('a burst under the bound loses nothing', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'audit-bp-')), 'audit.jsonl');
    const log = new AuditLog({ file, logger: captureLogger([]), maxBuffered: 1 });
    for (let n = 0; n < 200; n++) log.record(entry(n));
    await log.close();
    expect(log.dropped).toBe(0);
    expect((await readFile(file, 'utf8')).split('\n').filter(Boolean)).toHaveLength(200);
  });
});
