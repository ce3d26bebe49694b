// Definitions and the prompt block per caller, against a real host over the tool corpus: a
// subagent is shown no destructive tool and every tool it is shown answers it with something
// other than POLICY_DENIED; an agent's config layer narrows both its list and its prompt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCorpusHost, sampleInput, type CorpusHost } from './bench/tool-corpus/host.js';

let corpus: CorpusHost;
beforeAll(async () => {
  corpus = await openCorpusHost({
    policy: { agents: { 'mail-bot': { allow: ['gmail.*', 'outlook.*'] } } },
  });
});
afterAll(() => corpus.close());

const destructive = (name: string) =>
  corpus.host.snapshot().tools.get(name)?.annotations?.destructiveHint === true;

describe('definitions per caller', () => {
  it('a subagent is shown no destructive tool, while the owner is', () => {
    const owner = corpus.host.tools.definitions('mcp', { budget: false, ctx: { isOwner: true } });
    expect(owner.filter((d) => destructive(d.name)).length).toBeGreaterThan(10);
    const sub = corpus.host.tools.definitions('mcp', {
      budget: false,
      ctx: { isSubagent: true, sessionId: 'sub-1' },
    });
    expect(sub.filter((d) => destructive(d.name)).map((d) => d.name)).toEqual([]);
    expect(sub.report.hidden).toBe(owner.length - sub.length);
  });

  it('every tool a subagent is shown answers its call with something other than POLICY_DENIED', async () => {
    const ctx = { isSubagent: true, sessionId: 'sub-2' };
    const shown = corpus.host.tools.definitions('mcp', { budget: false, ctx });
    expect(shown.length).toBeGreaterThan(150);
    const results = await corpus.host.callMany(
      shown.map((d) => ({ name: d.name, input: sampleInput(d.inputSchema) })),
      ctx,
    );
    expect(results.filter((r) => r.isError && r.code === 'POLICY_DENIED')).toEqual([]);
    // The rest ran ("ok"), or refused the sample input itself (a format the sampler does not
    // know, or skills.read of a skill named "x"): past the policy either way.
    const other = results.flatMap((r) => (r.isError ? [r.code] : []));
    expect(new Set(other)).toEqual(new Set(['INVALID_INPUT', 'SKILL_NOT_FOUND']));
    expect(other.length).toBeLessThan(shown.length / 20);
  });

  it("an agent's config layer narrows its list, and its prompt block to the skills it may use", () => {
    const ctx = { agentId: 'mail-bot', sessionId: 'mail-1' };
    const names = corpus.host.tools
      .definitions('mcp', { budget: false, ctx })
      .map((d) => d.name.split('.')[0]);
    expect([...new Set(names)].sort()).toEqual(['gmail', 'outlook']);
    expect(corpus.host.prompt({ ctx }).included).toEqual(['gmail', 'outlook']);
    expect(corpus.host.prompt().included.length).toBeGreaterThan(30);
  });

  it('computes a caller’s list once: the same caller gets the same frozen array', () => {
    const ctx = { isSubagent: true, sessionId: 'sub-3' };
    const a = corpus.host.tools.definitions('openai', { ctx, query: 'send an email' });
    const b = corpus.host.tools.definitions('openai', {
      ctx: { ...ctx, sessionId: 'sub-4' },
      query: 'send an email',
    });
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });
});
