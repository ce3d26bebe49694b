import { existsSync } from 'node:fs';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createRedactor } from '../redact/index.js';
import { captureLogger, type LogRecord } from '../router/router.fixtures.js';
import {
  AuditLog,
  canonicalJson,
  AuditLineFormatter,
  digest64,
  type AuditEntry,
  type AuditLine,
} from './index.js';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  time: Date.UTC(2026, 0, 2, 3, 4, 5, 67),
  callId: 'c1',
  tool: 'gmail.list',
  skill: 'gmail',
  version: '1.2.3',
  decision: 'allowed',
  approval: 'auto',
  durationMs: 1.23456,
  outcome: 'ok',
  input: { b: 1, a: 'x' },
  output: 'héllo',
  truncated: false,
  redactor: createRedactor(),
  ...over,
});

const formatAuditLine = (e: AuditEntry, fullInputs: boolean) =>
  new AuditLineFormatter().format(e, fullInputs);

const tmpHome = () => mkdtemp(join(tmpdir(), 'audit-test-'));

describe('audit line', () => {
  it('has the documented fields, an input hash of canonical JSON and byte sizes', () => {
    const line = JSON.parse(
      formatAuditLine(entry({ agentId: 'bot', sessionId: 's1', rule: 'r' }), false),
    ) as AuditLine;
    expect(line).toEqual({
      time: '2026-01-02T03:04:05.067Z',
      callId: 'c1',
      tool: 'gmail.list',
      skill: 'gmail',
      version: '1.2.3',
      agentId: 'bot',
      sessionId: 's1',
      decision: 'allowed',
      rule: 'r',
      approval: 'auto',
      durationMs: 1.235,
      outcome: 'ok',
      inputHash: `h64:${digest64('{"a":"x","b":1}')}`,
      inputBytes: 15,
      outputBytes: 6,
      truncated: false,
    });
  });

  it('escapes names and ids that need it', () => {
    const line = JSON.parse(
      formatAuditLine(entry({ tool: 'we"ird\nname', callId: 'id with spaces' }), false),
    );
    expect(line).toMatchObject({ tool: 'we"ird\nname', callId: 'id with spaces' });
  });

  it('hashes equal inputs equally whatever their key order', () => {
    const a = JSON.parse(
      formatAuditLine(entry({ input: { x: { q: 1, p: [2, { z: 1, y: 2 }] }, a: null } }), false),
    );
    const b = JSON.parse(
      formatAuditLine(entry({ input: { a: null, x: { p: [2, { y: 2, z: 1 }], q: 1 } } }), false),
    );
    expect(a.inputHash).toBe(b.inputHash);
    expect(canonicalJson({ b: undefined, a: [undefined, 1n], c: Infinity })).toBe(
      '{"a":[null,"1"],"c":null}',
    );
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(canonicalJson(cyclic)).toBe('{"a":1,"self":"[cycle]"}');
  });

  it('writes the input only with fullInputs, redacted', () => {
    const e = entry({
      input: { q: 'x', api_key: 'k-1234567' },
      redactor: createRedactor(['k-1234567']),
    });
    expect(JSON.parse(formatAuditLine(e, false)).input).toBeUndefined();
    const full = formatAuditLine(e, true);
    expect(JSON.parse(full).input).toEqual({ api_key: '[REDACTED]', q: 'x' });
    expect(full).not.toContain('k-1234567');
  });
});

describe('AuditLog', () => {
  it('appends lines in order to <home>/audit.jsonl with mode 0600, creating folders', async () => {
    const home = join(await tmpHome(), 'nested', 'home');
    const file = join(home, 'audit.jsonl');
    const log = new AuditLog({ file, logger: captureLogger([]) });
    for (let i = 0; i < 600; i++) log.record(entry({ callId: `c${i}` })); // more than one buffer
    await log.close();
    log.record(entry({ callId: 'after-close' }));
    await log.close();
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditLine);
    expect(lines.map((l) => l.callId)).toEqual([
      ...Array.from({ length: 600 }, (_, i) => `c${i}`),
      'after-close',
    ]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('writes after the current turn without being asked to flush', async () => {
    const file = join(await tmpHome(), 'audit.jsonl');
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'],
    });
    try {
      const log = new AuditLog({ file, logger: captureLogger([]) });
      log.record(entry());
      expect(existsSync(file)).toBe(false);
      vi.runAllTimers();
      expect(await readFile(file, 'utf8')).toContain('"callId":"c1"');
      await log.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a failing write once and keeps accepting entries', async () => {
    const dir = await tmpHome();
    await writeFile(join(dir, 'home'), 'a file where the home folder should be');
    const logs: LogRecord[] = [];
    const log = new AuditLog({
      file: join(dir, 'home', 'audit.jsonl'),
      logger: captureLogger(logs),
      retryAfterMs: 0,
    });
    for (let round = 0; round < 3; round++) {
      log.record(entry());
      await log.flush();
    }
    await log.close();
    const errors = logs.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain('audit.jsonl');
    expect(log.dropped).toBe(3);
  });

  it('writes nothing when disabled', async () => {
    const home = await tmpHome();
    const log = new AuditLog({
      file: join(home, 'audit.jsonl'),
      logger: captureLogger([]),
      enabled: false,
    });
    log.record(entry());
    await log.close();
    await expect(stat(join(home, 'audit.jsonl'))).rejects.toThrow();
  });
});
