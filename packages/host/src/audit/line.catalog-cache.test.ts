// An audit log's formatter keeps the formatted names of the catalog tools it saw last, up to a
// cap, and each log has its own: lines read the same whether the names were kept or not.
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redact/index.js';
import { AuditLineFormatter, CATALOG_PARTS_MAX, type AuditEntry } from './index.js';

const redactor = createRedactor();
const entry = (tool: string, version = '1.0.0'): AuditEntry => ({
  time: Date.UTC(2026, 0, 2, 3, 4, 5, 67),
  callId: 'c1',
  tool,
  skill: tool.split('.')[0],
  version,
  decision: 'allowed',
  durationMs: 1,
  outcome: 'ok',
  input: {},
  output: '',
  truncated: false,
  redactor,
});
const fields = (line: string) =>
  JSON.parse(line) as { tool: string; skill: string; version: string };

describe('audit line formatter: catalog names', () => {
  it('keeps at most its cap of tools when more are called, and the most recent still hit', () => {
    const f = new AuditLineFormatter({ catalogMax: 8 });
    for (let i = 0; i < 20; i++) f.format(entry(`s${i}.t`), false);
    expect(f.catalogSize).toBe(8);
    for (let i = 12; i < 20; i++) expect(f.keepsCatalogPart(`s${i}.t`)).toBe(true);
    for (let i = 0; i < 12; i++) expect(f.keepsCatalogPart(`s${i}.t`)).toBe(false);
    expect(fields(f.format(entry('s19.t'), false))).toMatchObject({ tool: 's19.t', skill: 's19' });
    expect(f.catalogSize).toBe(8);
  });

  it('keeps a tool called again over one not called since: the least recently used goes', () => {
    const f = new AuditLineFormatter({ catalogMax: 2 });
    f.format(entry('a.t'), false);
    f.format(entry('b.t'), false);
    f.format(entry('a.t'), false);
    f.format(entry('c.t'), false);
    expect(['a.t', 'b.t', 'c.t'].map((t) => f.keepsCatalogPart(t))).toEqual([true, false, true]);
  });

  it('writes the same line for a tool whose names were evicted, and the new version after an update', () => {
    const f = new AuditLineFormatter({ catalogMax: 1 });
    const first = f.format(entry('a.t'), false);
    f.format(entry('b.t'), false);
    expect(f.keepsCatalogPart('a.t')).toBe(false);
    expect(f.format(entry('a.t'), false)).toBe(first);
    expect(fields(f.format(entry('a.t', '2.0.0'), false)).version).toBe('2.0.0');
    expect(first).toBe(new AuditLineFormatter().format(entry('a.t'), false));
  });

  it('gives each formatter its own cache, capped by default', () => {
    const one = new AuditLineFormatter();
    const other = new AuditLineFormatter();
    for (let i = 0; i < CATALOG_PARTS_MAX + 10; i++) one.format(entry(`s${i}.t`), false);
    expect([one.catalogSize, other.catalogSize]).toEqual([CATALOG_PARTS_MAX, 0]);
  });
});
