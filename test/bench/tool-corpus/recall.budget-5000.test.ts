// The corpus as the budget benchmark uses it, checked without timing: at a 5,000-token
// budget the tool a request needs is in the first turn's list, or found by one tools_search
// call with the request as its query, for at least 95 % of the requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusRequests, corpusSkills } from './corpus.js';
import { measureRecall, openCorpusHost, type CorpusHost } from './host.js';

let corpus: CorpusHost;
beforeAll(async () => {
  corpus = await openCorpusHost();
});
afterAll(() => corpus.close());

describe('tool corpus', () => {
  it('holds at least 200 tools and 100 requests, each naming a tool of the catalog', () => {
    const tools = corpusSkills().flatMap((s) => s.tools.map((t) => t.name));
    expect(tools.length).toBeGreaterThanOrEqual(200);
    expect(new Set(tools).size).toBe(tools.length);
    const requests = corpusRequests();
    expect(requests.length).toBeGreaterThanOrEqual(100);
    const catalog = corpus.host.snapshot().tools;
    expect(requests.filter((r) => !catalog.has(r.expect)).map((r) => r.expect)).toEqual([]);
  });

  it('a 5,000-token budget shows or finds the expected tool for >= 95% of requests, within budget', async () => {
    const requests = corpusRequests();
    const r = await measureRecall(corpus.host, requests, 5_000);
    expect(r.found / requests.length, r.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(Math.max(...r.tokens)).toBeLessThanOrEqual(5_000);
    // The whole catalog is far over the budget: the list really was cut.
    const all = corpus.host.tools.definitions('openai', { budget: false }).report.allTokens;
    expect(all).toBeGreaterThan(3 * 5_000);
  });
});
