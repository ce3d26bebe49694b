import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('stays at its cap when filled past it, and the most recent entries still hit', () => {
    const cache = new LruCache<string, number>({ max: 3 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    expect([cache.get('k7'), cache.get('k8'), cache.get('k9')]).toEqual([7, 8, 9]);
    expect([cache.get('k0'), cache.get('k6')]).toEqual([undefined, undefined]);
  });

  it('evicts the least recently used entry: a read keeps an old entry in', () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>({ max: 2, onEvict: (_v, k) => evicted.push(k) });
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(evicted).toEqual(['b']);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
  });

  it('replacing a key neither grows the cache nor evicts another entry', () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>({ max: 2, onEvict: (_v, k) => evicted.push(k) });
    cache.set('a', 1).set('b', 2).set('a', 10);
    expect([cache.size, cache.get('a'), cache.get('b'), evicted]).toEqual([2, 10, 2, []]);
  });

  it('refuses a cap that is not a whole number of at least 1', () => {
    for (const max of [0, -1, 1.5, Number.NaN])
      expect(() => new LruCache({ max })).toThrow(/whole number of at least 1/);
  });
});
