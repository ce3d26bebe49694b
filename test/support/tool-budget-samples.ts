// The samples docs/agents/tool-budgets.md shows: the weather skill and the host's own tools,
// listed for one turn at a 300-token budget, in the Anthropic and OpenAI formats.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSkillHost } from '@openclaw/skill-host';
import { repo } from './doc-pages.js';

export const SAMPLE_OPTIONS = { budget: 300, query: 'Will it rain in Paris this week?' } as const;

export async function toolBudgetSamples(): Promise<Record<'anthropic' | 'openai', string>> {
  const root = await mkdtemp(join(tmpdir(), 'oc-budget-samples-'));
  const host = await createSkillHost({
    skillDir: join(repo, 'skills', 'weather'),
    home: join(root, 'home'),
    userHome: join(root, 'user'),
    env: {},
    scanCache: false,
  });
  try {
    const show = (v: unknown) => JSON.stringify(v, null, 2);
    const anthropic = host.tools.definitions('anthropic', SAMPLE_OPTIONS);
    const openai = host.tools.definitions('openai', SAMPLE_OPTIONS);
    return {
      anthropic: `${show(anthropic)}\n// report\n${show(anthropic.report)}`,
      openai: `${show(openai)}\n// report\n${show(openai.report)}`,
    };
  } finally {
    await host.close();
    await rm(root, { recursive: true, force: true });
  }
}
