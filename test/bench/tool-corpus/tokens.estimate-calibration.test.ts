// The token estimate (Anthropic, Gemini, MCP) against OpenAI's real encodings, on every
// corpus tool definition: never below either (a budget must not be overrun), and at most
// 30 % above the larger.
import { countTokens } from '@openclaw/skill-host/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCorpusHost, type CorpusHost } from './host.js';

let corpus: CorpusHost;
beforeAll(async () => {
  corpus = await openCorpusHost();
});
afterAll(() => corpus.close());

describe('token estimate', () => {
  it.each(['anthropic', 'gemini', 'mcp'] as const)(
    'counts every %s definition at or above o200k and cl100k, within 30% of the larger',
    (format) => {
      const defs = corpus.host.tools.definitions(format, { budget: false });
      expect(defs.length).toBeGreaterThanOrEqual(200);
      const off: string[] = [];
      for (const d of defs) {
        const text = JSON.stringify(d);
        const real = Math.max(countTokens(text, 'o200k'), countTokens(text, 'cl100k'));
        const estimate = countTokens(text, 'estimate');
        if (estimate < real || estimate > real * 1.3) off.push(`${d.name}: ${estimate} vs ${real}`);
      }
      expect(off).toEqual([]);
    },
  );

  it('counts the prompt block too, with the tokenizer of the caller’s format', () => {
    const est = corpus.host.prompt();
    const openai = corpus.host.prompt({ toolFormat: 'openai' });
    expect(openai.tokens).toBe(countTokens(openai.text, 'o200k'));
    expect(est.tokens).toBe(countTokens(est.text, 'estimate'));
    expect(est.tokens).toBeGreaterThan(0);
  });
});
