// Fitting tool definitions into a token budget: pure arithmetic over token counts. Pinned
// tools (always-on, and those a session found with tools_search) are kept first; then the
// ranked tools in order while they fit, skipping one that does not for smaller ones after
// it. When anything is left out, the search tool's own tokens are set aside first. Names
// only, no object per tool: a plan over a thousand tools must stay well under a millisecond.

export interface FitInput {
  pinned: readonly string[];
  /** Most relevant first. */
  ranked: readonly string[];
  /** Tokens of one tool's definition. */
  cost(name: string): number;
  budget: number;
  /** Tokens of the search tool that is added when something is deferred. */
  searchTokens: number;
}

export interface FitResult {
  /** Pinned and fitted names, pinned first, then in rank order. */
  kept: string[];
  /** Left out, most relevant first. */
  deferred: string[];
  /** Tokens of the kept definitions plus the search tool when it is needed. */
  tokens: number;
  /** Whether the search tool is needed (something was deferred). */
  search: boolean;
  /** The pinned tools alone (with the search tool) are over the budget. */
  pinnedOverBudget: boolean;
}

export function fitTokens({ pinned, ranked, cost, budget, searchTokens }: FitInput): FitResult {
  let pinnedTokens = 0;
  for (const n of pinned) pinnedTokens += cost(n);
  let all = pinnedTokens;
  for (const n of ranked) all += cost(n);
  if (all <= budget) {
    return {
      kept: [...pinned, ...ranked],
      deferred: [],
      tokens: all,
      search: false,
      pinnedOverBudget: false,
    };
  }
  let room = budget - searchTokens - pinnedTokens;
  const kept = [...pinned];
  const deferred: string[] = [];
  for (const name of ranked) {
    const tokens = cost(name);
    if (tokens <= room) {
      kept.push(name);
      room -= tokens;
    } else deferred.push(name);
  }
  return {
    kept,
    deferred,
    tokens: budget - room,
    search: true,
    pinnedOverBudget: pinnedTokens + searchTokens > budget,
  };
}
