import { describe, expect, it } from 'vitest';
import { SecretBook, type SecretSource } from './secret-book.js';

function source(values: string[]): SecretSource & { add(v: string): void; reads: number } {
  let version = 0;
  const s = {
    reads: 0,
    version: () => version,
    knownValues: () => {
      s.reads++;
      return values;
    },
    add(v: string) {
      values.push(v);
      version++;
    },
  };
  return s;
}

describe('SecretBook', () => {
  it('answers the same array until the scan values or the tracked source change', () => {
    const book = new SecretBook();
    const scan = ['scan-secret-1'];
    book.setScanned(scan);
    const first = book.values();
    expect(first).toBe(scan);
    expect(book.values()).toBe(first);

    const auth = source([]);
    book.track(auth);
    // A source that has seen nothing yet (version 0) adds nothing and is not read.
    expect(book.values()).toEqual(['scan-secret-1']);
    expect(auth.reads).toBe(0);

    auth.add('token-value-1');
    const withToken = book.values();
    expect(withToken).toEqual(['scan-secret-1', 'token-value-1']);
    expect(book.values()).toBe(withToken);
    expect(auth.reads).toBe(1);

    book.setScanned(['scan-secret-2']);
    expect(book.values()).toEqual(['scan-secret-2', 'token-value-1']);
    expect(auth.reads).toBe(2);
  });
});
