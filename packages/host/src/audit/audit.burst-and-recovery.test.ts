// Each batch is written synchronously: a burst that never yields to I/O keeps at most
// maxBuffered entries in memory and has every line on disk, in order, as soon as it ends; a
// disk that refuses the file costs counted lines, one report, and nothing once it is back.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
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

const callIds = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as AuditLine).callId);

describe('audit bursts and a failing disk', () => {
  it('a burst of 200 records with maxBuffered 10 has lines 1-200 on disk in order before it yields', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'audit-burst-')), 'audit.jsonl');
    const log = new AuditLog({ file, logger: captureLogger([]), maxBuffered: 10 });
    for (let n = 0; n < 200; n++) log.record(entry(n));
    // Read synchronously, still inside the burst's turn: no line waits for the event loop.
    expect(callIds(readFileSync(file, 'utf8'))).toEqual(
      Array.from({ length: 200 }, (_, n) => `c${n}`),
    );
    expect(log.dropped).toBe(0);
    await log.close();
  });

  it('waiting entries are written once their output text reaches maxBufferedChars, and hold no input unless fullInputs', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'audit-chars-')), 'audit.jsonl');
    const log = new AuditLog({ file, logger: captureLogger([]), maxBufferedChars: 250 });
    const waiting = [entry(0), entry(1)];
    for (const e of waiting) log.record(e); // 200 characters of output: below the bound
    expect(readFileSync(file, { encoding: 'utf8', flag: 'a+' })).toBe('');
    expect(waiting.map((e) => e.input)).toEqual([undefined, undefined]);
    log.record(entry(2)); // 300: written within the turn
    expect(callIds(readFileSync(file, 'utf8'))).toEqual(['c0', 'c1', 'c2']);

    const full = new AuditLog({ file, logger: captureLogger([]), fullInputs: true });
    const kept = entry(3);
    full.record(kept);
    expect(kept.input).toEqual({ n: 3 });
    await full.close();
    expect(JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!)).toMatchObject({
      callId: 'c3',
      input: { n: 3 },
    });
    await log.close();
  });

  it('a home that cannot hold the file drops and counts its lines, reports once, and writes again once it can', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'audit-recover-'));
    const home = join(dir, 'home');
    await writeFile(home, 'a file where the home folder should be');
    const logs: LogRecord[] = [];
    const log = new AuditLog({
      file: join(home, 'audit.jsonl'),
      logger: captureLogger(logs),
      retryAfterMs: 0,
    });
    log.record(entry(1));
    log.record(entry(2));
    await log.flush();
    expect(log.dropped).toBe(2);

    await rm(home);
    log.record(entry(3));
    await log.close();
    expect(log.dropped).toBe(2);
    expect(callIds(await readFile(join(home, 'audit.jsonl'), 'utf8'))).toEqual(['c3']);
    expect(logs.filter((l) => l.level === 'error')).toHaveLength(1);
  });

  // /dev/full takes the open and refuses every write with ENOSPC, as a full disk does.
  it.skipIf(!existsSync('/dev/full'))(
    'a disk that is full counts every line of a batch larger than one write buffer as dropped and reports once, naming the file',
    async () => {
      const logs: LogRecord[] = [];
      const log = new AuditLog({ file: '/dev/full', logger: captureLogger(logs), retryAfterMs: 0 });
      for (let n = 0; n < 400; n++) log.record(entry(n)); // ~100 KB of lines: several write buffers
      await log.flush();
      expect(log.dropped).toBe(400);
      log.record(entry(400));
      await log.close();
      expect(log.dropped).toBe(401);
      const errors = logs.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toContain('Cannot write the audit log /dev/full');
    },
  );
});
