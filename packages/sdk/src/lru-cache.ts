// A small least-recently-used cache: a Map keeps insertion order, so a hit is moved to the
// end and the first key is the one to evict. Caches that live as long as the process (the
// compiled config validators, the audit log's formatted catalog names) stay bounded with it
// however many distinct keys a long-running host sees.

export interface LruCacheOptions<K, V> {
  /** Entries kept; setting one more evicts the least recently used. */
  max: number;
  /** Called with each entry evicted to make room (not for delete or clear). */
  onEvict?: (value: V, key: K) => void;
}

export class LruCache<K, V> {
  readonly max: number;
  readonly #map = new Map<K, V>();
  readonly #onEvict: ((value: V, key: K) => void) | undefined;

  constructor(opts: LruCacheOptions<K, V>) {
    if (!Number.isInteger(opts.max) || opts.max < 1) {
      throw new RangeError(`LruCache max must be a whole number of at least 1, got ${opts.max}`);
    }
    this.max = opts.max;
    this.#onEvict = opts.onEvict;
  }

  get size(): number {
    return this.#map.size;
  }

  /** The value, marked as the most recently used; undefined on a miss. */
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  set(key: K, value: V): this {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.max) {
      const [oldKey, oldValue] = this.#map.entries().next().value as [K, V];
      this.#map.delete(oldKey);
      this.#onEvict?.(oldValue, oldKey);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }
}
