// Fitting tool definitions into a token budget: pure arithmetic over token counts. Pinned
// tools (always-on, and those a session found with tools_search) are kept first; then the
// ranked tools in order while they fit, skipping one that does not for smaller ones after
// it. When anything is left out, the search tool's own tokens are set aside first.

export interface FitItem {
  name: string;
  tokens: number;
}

export interface FitInput {
  pinned: readonly FitItem[];
  /** Most relevant first. */
  ranked: readonly FitItem[];
  budget: number;
  /** Tokens of the search tool that is added when something is deferred. */
  searchTokens: number;
}

export interface FitResult {
  /** Pinned and fitted names, pinned first, then in rank order. */
  kept: string[];
  /** Left out, most relevant first, with the rank (1-based) each had. */
  deferred: (FitItem & { rank: number })[];
  /** Tokens of the kept definitions plus the search tool when it is needed. */
  tokens: number;
  /** Whether the search tool is needed (something was deferred). */
  search: boolean;
  /** The pinned tools alone (with the search tool) are over the budget. */
  pinnedOverBudget: boolean;
}

const sum = (items: readonly FitItem[]) => items.reduce((n, i) => n + i.tokens, 0);

export function fitTokens({ pinned, ranked, budget, searchTokens }: FitInput): FitResult {
  const pinnedTokens = sum(pinned);
  const all = pinnedTokens + sum(ranked);
  const kept = pinned.map((p) => p.name);
  if (all <= budget) {
    return {
      kept: [...kept, ...ranked.map((r) => r.name)],
      deferred: [],
      tokens: all,
      search: false,
      pinnedOverBudget: false,
    };
  }
  let room = budget - searchTokens - pinnedTokens;
  const deferred: FitResult['deferred'] = [];
  ranked.forEach((item, i) => {
    if (item.tokens <= room) {
      kept.push(item.name);
      room -= item.tokens;
    } else deferred.push({ ...item, rank: i + 1 });
  });
  return {
    kept,
    deferred,
    tokens: budget - room,
    search: true,
    pinnedOverBudget: pinnedTokens + searchTokens > budget,
  };
}
