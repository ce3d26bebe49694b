// The tool budget over the tool corpus (tool-corpus/): at budgets of 2,000, 5,000 and
// 10,000 tokens, recall (the tool a request needs is in the first turn's list, or found by
// one tools_search call with the request as its query), tokens sent per turn, and the time
// to build a list for a new request; and over 1,000 generated tools, a list from the
// per-snapshot cache and one for a new request.
import type { SkillHost } from '@openclaw/skill-host';
import { microSync, type Figure } from './harness.js';
import { corpusRequests } from './tool-corpus/corpus.js';
import { measureRecall, openCorpusHost } from './tool-corpus/host.js';

export const BUDGETS = [2_000, 5_000, 10_000] as const;

const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function corpusBudgetFigures(
  step: (s: string) => void,
): Promise<{ figures: Record<string, Figure>; notes: string[] }> {
  const figures: Record<string, Figure> = {};
  const notes: string[] = [];
  const corpus = await openCorpusHost();
  try {
    const requests = corpusRequests();
    const tools = corpus.host.snapshot().tools.size;
    const all = corpus.host.tools.definitions('openai', { budget: false }).report.allTokens;
    notes.push(
      `tool corpus: ${tools} tools (${all} o200k tokens in all), ${requests.length} requests, OpenAI format (o200k)`,
    );
    for (const budget of BUDGETS) {
      step(`tools.budget.${budget}`);
      const r = await measureRecall(corpus.host, requests, budget);
      const recall = round((100 * r.found) / requests.length);
      figures[`tools.budget.${budget}.recall`] = { median: recall, p99: recall, unit: '%' };
      const sorted = [...r.tokens].sort((a, b) => a - b);
      figures[`tools.budget.${budget}.tokens`] = {
        median: percentile(sorted, 0.5),
        p99: sorted[sorted.length - 1]!,
        unit: 'count',
      };
      // A new request each time: ranking and fitting run, over the snapshot's cached index
      // and token counts.
      figures[`tools.budget.${budget}.build`] = await microSync(
        (i) =>
          corpus.host.tools.definitions('openai', {
            budget,
            query: `${requests[i % requests.length]!.request} #${i}`,
          }),
        { batch: 1, timeMs: 1000 },
      );
      notes.push(
        `tools.budget.${budget}: recall ${recall}% (${r.viaSearch} through tools_search), misses: ${r.misses.join('; ') || 'none'}`,
      );
    }
  } finally {
    await corpus.close();
  }
  return { figures, notes };
}

/** Over 1,000 tools: the list from the cache, and one for a new request. */
export async function thousandBudgetFigures(host: SkillHost): Promise<Record<string, Figure>> {
  const opts = { budget: 5_000, query: 'add two numbers' };
  host.tools.definitions('openai', opts);
  return {
    'tools.budget.1000.cached': await microSync(() => host.tools.definitions('openai', opts), {
      batch: 100,
    }),
    'tools.budget.1000.new-request': await microSync(
      (i) => host.tools.definitions('openai', { budget: 5_000, query: `echo text ${i}` }),
      { batch: 1, timeMs: 1000 },
    ),
  };
}
