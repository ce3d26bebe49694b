// The samples on docs/agents/tool-budgets.md are what the code produces: each block after a
// `<!-- sample: <format> -->` marker holds the list and report the host makes for it now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from './support/doc-pages.js';
import { toolBudgetSamples } from './support/tool-budget-samples.js';

const page = readFileSync(join(repo, 'docs', 'agents', 'tool-budgets.md'), 'utf8');
const sample = (format: string) =>
  new RegExp(`<!-- sample: ${format} -->\\n+\`\`\`jsonc\\n([\\s\\S]*?)\\n\`\`\``).exec(page)?.[1];

describe('docs/agents/tool-budgets.md samples', () => {
  it('show the Anthropic and OpenAI lists and reports the host produces', async () => {
    const now = await toolBudgetSamples();
    // Compared as values: the page's formatter may lay the JSON out differently.
    const values = (text: string | undefined) =>
      (text ?? '').split('// report').map((part) => JSON.parse(part) as unknown);
    expect(values(sample('anthropic'))).toEqual(values(now.anthropic));
    expect(values(sample('openai'))).toEqual(values(now.openai));
    expect(now.anthropic).toContain('"defer_loading": true');
    expect(now.openai).toContain('"name": "tools_search"');
  });
});
