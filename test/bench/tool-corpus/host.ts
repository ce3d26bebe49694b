// A real host over the corpus: its skills written to a temp workspace and scanned, run
// inline (the corpus tools only answer "ok"), with a temp home and user home.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSkillHost, type HostConfig, type SkillHost } from '@openclaw/skill-host';
import { writeCorpus } from './corpus.js';

export interface CorpusHost {
  host: SkillHost;
  root: string;
  close(): Promise<void>;
}

export async function openCorpusHost(config: HostConfig = {}): Promise<CorpusHost> {
  const root = await mkdtemp(join(tmpdir(), 'oc-tool-corpus-'));
  await writeCorpus(join(root, 'ws', 'skills'));
  const host = await createSkillHost({
    workspace: join(root, 'ws'),
    home: join(root, 'home'),
    userHome: join(root, 'user'),
    env: {},
    scanCache: false,
    config: { runner: 'inline', ...config },
  });
  return {
    host,
    root,
    async close() {
      await host.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A minimal valid input for a tool's schema: each required property with a value of its type. */
export function sampleInput(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, { type?: string }>;
  const values: Record<string, unknown> = {
    string: 'x',
    integer: 1,
    number: 1,
    boolean: true,
    array: [],
    object: {},
  };
  const out: Record<string, unknown> = {};
  for (const name of (schema.required ?? []) as string[])
    out[name] = values[props[name]?.type ?? 'string'] ?? 'x';
  return out;
}

/** Measures recall of one budget over the corpus requests, as an agent's first turn sees it. */
export async function measureRecall(
  host: SkillHost,
  requests: readonly { request: string; expect: string }[],
  budget: number,
): Promise<{ found: number; viaSearch: number; tokens: number[]; misses: string[] }> {
  const out = { found: 0, viaSearch: 0, tokens: [] as number[], misses: [] as string[] };
  for (const [i, r] of requests.entries()) {
    const ctx = { sessionId: `recall-${budget}-${i}` };
    const defs = host.tools.definitions('openai', { budget, query: r.request, ctx });
    out.tokens.push(defs.report.tokens);
    const wire = defs.report.kept.some((k) => k.name === r.expect);
    if (wire) {
      out.found++;
      continue;
    }
    // Not in the list: one tools_search call with the request as its query.
    const res = await host.call({ name: 'tools_search', input: { query: r.request } }, ctx);
    const hits = res.isError ? [] : (res.structured as { tools: { name: string }[] }).tools;
    if (hits.some((t) => t.name === r.expect.replace('.', '_'))) {
      out.found++;
      out.viaSearch++;
    } else out.misses.push(`${r.expect} <- ${r.request}`);
  }
  return out;
}
