// Tools over the budget are deferred, not dropped, against a real host over the tool corpus:
// in the Anthropic format they are sent with defer_loading beside Anthropic's tool search;
// in the others the host adds tools_search, whose finds join that session's next list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAnthropicTool } from '@openclaw/skill-host/internal';
import { openCorpusHost, type CorpusHost } from './bench/tool-corpus/host.js';

let corpus: CorpusHost;
beforeAll(async () => {
  corpus = await openCorpusHost({ tools: { budget: 3_000, alwaysOn: ['notes.create_note'] } });
});
afterAll(() => corpus.close());

describe('deferred tools', () => {
  it('Anthropic: the list fits the config budget, the rest is sent with defer_loading beside the BM25 tool search', () => {
    const defs = corpus.host.tools.definitions('anthropic', { query: 'turn off the lights' });
    const r = defs.report;
    expect(r.budget).toBe(3_000);
    expect(r.tokens).toBeLessThanOrEqual(3_000);
    expect(r.search).toBe('tool_search_tool_bm25');
    expect(defs).toContainEqual({
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    });
    const tools = defs.filter(isAnthropicTool);
    const deferred = tools.filter((d) => d.defer_loading === true).map((d) => d.name);
    expect(deferred.length).toBe(r.deferred.length);
    expect(deferred.length).toBeGreaterThan(100);
    // Every allowed tool is in the request: kept in full or deferred.
    expect(tools.length).toBe(r.kept.length + r.deferred.length);
    expect(r.kept).toContainEqual(expect.objectContaining({ name: 'home.lights', why: 'ranked' }));
    expect(r.kept).toContainEqual(
      expect.objectContaining({ name: 'notes.create_note', why: 'always-on' }),
    );
    expect(r.deferred[0]!.reason).toMatch(
      /^over the 3000-token budget \(ranked \d+ of \d+\); found through Anthropic's tool search$/,
    );
  });

  it('OpenAI: tools_search finds a deferred tool and it joins that session’s next list only', async () => {
    const ctx = { sessionId: 'turns-1' };
    const first = corpus.host.tools.definitions('openai', { query: 'check the lights', ctx });
    const names = (d: typeof first) => d.map((t) => t.function.name);
    expect(first.report.search).toBe('tools_search');
    expect(names(first)).toContain('tools_search');
    expect(names(first)).not.toContain('kubernetes_scale');

    const found = await corpus.host.call(
      { name: 'tools_search', input: { query: 'scale a kubernetes deployment', limit: 1 } },
      ctx,
    );
    expect(found.isError).toBe(false);
    expect(found.isError ? undefined : found.structured).toMatchObject({
      tools: [{ name: 'kubernetes_scale' }],
    });

    const next = corpus.host.tools.definitions('openai', { query: 'check the lights', ctx });
    expect(names(next)).toContain('kubernetes_scale');
    expect(next.report.kept).toContainEqual(
      expect.objectContaining({ name: 'kubernetes.scale', why: 'found' }),
    );
    const other = corpus.host.tools.definitions('openai', {
      query: 'check the lights',
      ctx: { sessionId: 'turns-2' },
    });
    expect(names(other)).not.toContain('kubernetes_scale');
  });

  it('tools_search answers a subagent only with tools it may call', async () => {
    const ctx = { sessionId: 'sub-search', isSubagent: true };
    corpus.host.tools.definitions('openai', { ctx });
    const found = await corpus.host.call(
      { name: 'tools_search', input: { query: 'delete drop remove flush kill', limit: 20 } },
      ctx,
    );
    const hits = found.isError ? [] : (found.structured as { tools: { name: string }[] }).tools;
    expect(hits.length).toBeGreaterThan(0);
    const snapshot = corpus.host.snapshot();
    const destructive = [...snapshot.tools.values()]
      .filter((t) => t.annotations?.destructiveHint)
      .map((t) => t.name.replace('.', '_'));
    expect(hits.filter((h) => destructive.includes(h.name))).toEqual([]);
  });

  it('no budget (false) lists every tool and adds no search tool', () => {
    const defs = corpus.host.tools.definitions('gemini', { budget: false });
    expect(defs.report.deferred).toEqual([]);
    expect(defs.report.search).toBeUndefined();
    expect(defs.map((d) => d.name)).not.toContain('tools_search');
  });

  it('refuses a budget that is not a positive whole number with USAGE', () => {
    expect(() => corpus.host.tools.definitions('openai', { budget: -5 })).toThrow(
      /tool budget must be a positive whole number/,
    );
  });
});
