// Shaping a huge result redacts only what can be kept (plus a margin), so its cost is bound
// by the result limit, not by what the tool returned; what is kept is still redacted.
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, type Redactor } from '../redact/index.js';
import { cappedText, REDACT_MARGIN, shapeResult } from './shape.js';

/** A redactor that records how many characters it was asked to scan. */
function counting(): Redactor & { scanned: number } {
  const inner = createRedactor();
  const r = {
    scanned: 0,
    text(s: string) {
      r.scanned += s.length;
      return inner.text(s);
    },
    value<T>(v: T): T {
      return inner.value(v);
    },
  };
  return r;
}

describe('bounded redaction scan', () => {
  it('1 MB of PEM BEGIN lines: the scan stops near the limit and the kept text is redacted', () => {
    const line = '-----BEGIN PRIVATE KEY-----\n';
    const raw = line.repeat(Math.ceil((1024 * 1024) / line.length));
    const r = counting();
    const shaped = shapeResult(raw, 1000, r);
    // However long the result: the window doubles up to 16 times the limit at most.
    expect(r.scanned).toBeLessThanOrEqual(2 * (16 * 1000 + 2 * REDACT_MARGIN));
    expect(shaped.text).not.toContain('BEGIN PRIVATE KEY');
    expect(shaped.truncated).toMatchObject({ originalChars: raw.length });
    expect(shaped.text.length).toBeLessThanOrEqual(1000);
  });

  it('a secret straddling the cut is redacted before it is cut, so no part of it is kept', () => {
    const secret = `ghp_${'Q1w2E3r4T5'.repeat(4)}`;
    const raw = `${'x'.repeat(880)} ${secret} ${'y'.repeat(10_000)}`;
    const out = cappedText(raw, 1000, createRedactor()).text;
    expect(out).not.toContain(secret.slice(0, 6));
    expect(out).toContain('[REDAC');
    const before = cappedText(
      `${'x'.repeat(100)} ${secret} ${'y'.repeat(10_000)}`,
      1000,
      createRedactor(),
    );
    expect(before.text).toContain(`x ${REDACTED} y`);
  });

  it('a structured result over the limit drops its structured value and is redacted', () => {
    const value = {
      items: Array.from({ length: 5000 }, (_, i) => ({ i, note: `sk-${'a'.repeat(20)}` })),
    };
    const shaped = shapeResult(value, 2000, createRedactor());
    expect(shaped.structured).toBeUndefined();
    expect(shaped.text).not.toContain(`sk-${'a'.repeat(20)}`);
    expect(shaped.text.length).toBeLessThanOrEqual(2000);
  });
});
