import { slicer, type Slicer } from './yield.js';

/**
 * Maps with at most `limit` promises in flight; results keep the input order. Items that
 * resolve at once (scan-cache hits) would otherwise run the whole list synchronously: the
 * slicer gives the event loop a turn every couple of milliseconds.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  s: Slicer = slicer(),
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      if (s.due()) {
        await s.pause();
        // Other workers took items meanwhile.
        if (next >= items.length) break;
      }
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return out;
}
