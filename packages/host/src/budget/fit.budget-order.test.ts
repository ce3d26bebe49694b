import { describe, expect, it } from 'vitest';
import { fitTokens } from './fit.js';

const costs = (pairs: Record<string, number>) => (name: string) => pairs[name] ?? 0;

describe('fitTokens', () => {
  it('keeps everything and adds no search tool when all tools fit the budget', () => {
    const r = fitTokens({
      pinned: ['a'],
      ranked: ['b', 'c'],
      cost: costs({ a: 100, b: 200, c: 300 }),
      budget: 600,
      searchTokens: 50,
    });
    expect(r).toEqual({
      kept: ['a', 'b', 'c'],
      deferred: [],
      tokens: 600,
      search: false,
      pinnedOverBudget: false,
    });
  });

  it('sets the search tool aside, keeps pinned tools first, then ranked tools while they fit', () => {
    const r = fitTokens({
      pinned: ['always'],
      ranked: ['best', 'big', 'small', 'last'],
      cost: costs({ always: 100, best: 300, big: 500, small: 40, last: 200 }),
      budget: 500,
      searchTokens: 50,
    });
    // 500 - 50 (search) - 100 (pinned) = 350: best (300) fits, big does not, small (40) does.
    expect(r.kept).toEqual(['always', 'best', 'small']);
    expect(r.deferred).toEqual(['big', 'last']);
    expect(r.tokens).toBe(490);
    expect(r.search).toBe(true);
  });

  it('sends pinned tools even when they alone are over the budget, and says so', () => {
    const r = fitTokens({
      pinned: ['huge'],
      ranked: ['x'],
      cost: costs({ huge: 900, x: 10 }),
      budget: 500,
      searchTokens: 50,
    });
    expect(r.kept).toEqual(['huge']);
    expect(r.deferred).toEqual(['x']);
    expect(r.pinnedOverBudget).toBe(true);
    expect(r.tokens).toBe(950);
  });
});
