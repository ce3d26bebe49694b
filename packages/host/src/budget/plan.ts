// Tool definitions for one caller and one turn: the tools the caller's policy allows,
// fitted into a token budget (always-on and found tools first, then the rest by relevance
// to the request and by use), the rest deferred: sent with `defer_loading` beside
// Anthropic's tool search in the Anthropic format, reachable through the host's
// tools_search everywhere else. Plans are cached per snapshot in a small LRU keyed by
// everything that shapes them, so an agent's next turn with the same request is a lookup.
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot } from '../catalog/types.js';
import type { HostConfig } from '../config/schema.js';
import { definitionsByName } from '../formats/definitions.js';
import { TOOLS_SEARCH } from '../formats/names.js';
import {
  ANTHROPIC_TOOL_SEARCH,
  assertToolFormat,
  type ListedDefinitionOf,
  type ToolFormat,
} from '../formats/types.js';
import { compileRules, firstMatch } from '../policy/match.js';
import { compactQuery } from '../prompt/search-index.js';
import { callerView, type Caller, type CallerView } from './caller.js';
import { fitTokens } from './fit.js';
import { rankTools } from './rank.js';
import type { SessionTools } from './sessions.js';
import { countTokens, tokenizerFor, TOKENIZERS, type Tokenizer } from './tokens.js';
import { toolIndex } from './tool-index.js';
import type { UsageCounts } from './usage.js';

export const DEFAULT_TOOL_BUDGET = 5_000;
/** Plans remembered per snapshot; the oldest is forgotten first. */
const PLAN_CACHE_SIZE = 256;

export interface DefinitionsOptions {
  /** Who asks: the same context `call` gets (agent, session, subagent, owner, policy). */
  ctx?: Caller & { sessionId?: string | undefined };
  /** Tokens the definitions may take (default config tools.budget, else 5,000); false: no budget. */
  budget?: number | false;
  /** The current request: ranks the tools when they do not all fit. */
  query?: string;
  /** Count with this tokenizer instead of the format's (o200k for OpenAI, else the estimate). */
  tokenizer?: Tokenizer;
}

export interface ToolTokens {
  /** Canonical name. */
  name: string;
  tokens: number;
}

export interface DefinitionsReport {
  format: ToolFormat;
  tokenizer: Tokenizer;
  budget: number | false;
  /** Tokens of what the model gets in its context: the kept definitions and the search tool. */
  tokens: number;
  /** Tokens of every tool the caller may call, as if all were sent. */
  allTokens: number;
  /** Sent in full, in list order; `why`: always-on (config), found (tools_search), ranked. */
  kept: (ToolTokens & { why: 'always-on' | 'found' | 'ranked' })[];
  /** Left out of the context, most relevant first, with why. */
  deferred: (ToolTokens & { reason: string })[];
  /** The search tool added because something was deferred, by its name on the wire. */
  search?: string;
  /** Tools of the catalog this caller's policy does not allow (never listed). */
  hidden: number;
  /** Set when always-on and found tools alone exceed the budget (they are sent anyway). */
  warning?: string;
}

/** A definitions array with the report of how it was made (not enumerable: sent as is). */
export type ToolDefinitionList<F extends ToolFormat> = ListedDefinitionOf[F][] & {
  readonly report: DefinitionsReport;
};

export interface PlanDeps {
  config: HostConfig;
  usage?: UsageCounts | undefined;
  sessions?: SessionTools | undefined;
}

export function planDefinitions<F extends ToolFormat>(
  snapshot: CatalogSnapshot,
  format: F,
  deps: PlanDeps,
  opts: DefinitionsOptions = {},
): ToolDefinitionList<F> {
  assertToolFormat(format);
  const budget = checkBudget(opts.budget ?? deps.config.tools?.budget ?? DEFAULT_TOOL_BUDGET);
  const tokenizer = checkTokenizer(opts.tokenizer ?? tokenizerFor(format));
  const ctx = opts.ctx;
  const session = ctx?.sessionId ?? '';
  deps.sessions?.listed(session, ctx, format);
  const view = callerView(snapshot, deps.config, ctx);
  const found = (deps.sessions?.revealed(session) ?? []).filter((n) => view.names.has(n));
  const query = opts.query ? compactQuery(opts.query) : '';
  const usage = budget === false ? undefined : deps.usage?.forAgent(ctx?.agentId);
  const key = [format, tokenizer, budget, view.key, deps.usage?.version ?? 0, found, query].join(
    '\u0000',
  );
  const plans = snapshot.memo('tools:plans', () => new Map<string, ToolDefinitionList<F>>());
  let plan = plans.get(key);
  if (plan) return plan;
  plan = build(snapshot, format, { deps, view, budget, tokenizer, found, query, usage });
  if (plans.size >= PLAN_CACHE_SIZE) plans.delete(plans.keys().next().value!);
  plans.set(key, plan);
  return plan;
}

interface BuildInput {
  deps: PlanDeps;
  view: CallerView;
  budget: number | false;
  tokenizer: Tokenizer;
  found: readonly string[];
  query: string;
  usage: ReadonlyMap<string, number> | undefined;
}

function build<F extends ToolFormat>(
  snapshot: CatalogSnapshot,
  format: F,
  input: BuildInput,
): ToolDefinitionList<F> {
  const { view, budget, tokenizer } = input;
  const defs = definitionsByName(snapshot, format);
  const costs = tokenCosts(snapshot, format, tokenizer);
  const names = view.tools.map((t) => t.name).filter((n) => defs.has(n));
  const why = pinnedFor(snapshot, input);
  const search = searchTool(snapshot, format, view, tokenizer);
  const rest = why.size ? names.filter((n) => !why.has(n)) : names;
  const ranked = budget === false ? rest : rankFor(snapshot, rest, input);
  const fit = fitTokens({
    pinned: why.size ? names.filter((n) => why.has(n)) : [],
    ranked,
    cost: (n) => costs.get(n) ?? 0,
    budget: budget === false ? Infinity : budget,
    searchTokens: search?.tokens ?? 0,
  });
  const keptSet = new Set(fit.kept);
  const out: unknown[] = names.filter((n) => keptSet.has(n)).map((n) => defs.get(n));
  if (fit.search && search) out.push(search.definition);
  if (format === 'anthropic' && fit.search)
    for (const n of [...fit.deferred].sort()) out.push(deferredAnthropic(snapshot, n));
  // The report is made when first read: an agent loop that never reads it never pays.
  let report: DefinitionsReport | undefined;
  const make = () =>
    reportOf({ format, tokenizer, budget, fit, why, view, costs, search, names, ranked });
  Object.defineProperty(out, 'report', { get: () => (report ??= make()), enumerable: false });
  return Object.freeze(out) as unknown as ToolDefinitionList<F>;
}

/** Always-on tools (config) and those the session found, each with why it is pinned. */
function pinnedFor(
  snapshot: CatalogSnapshot,
  input: BuildInput,
): ReadonlyMap<string, 'always-on' | 'found'> {
  const why = new Map<string, 'always-on' | 'found'>();
  const alwaysOn = alwaysOnTest(snapshot, input.deps.config);
  if (alwaysOn) for (const t of input.view.tools) if (alwaysOn(t)) why.set(t.name, 'always-on');
  for (const n of input.found) if (!why.has(n)) why.set(n, 'found');
  return why;
}

function rankFor(snapshot: CatalogSnapshot, names: readonly string[], input: BuildInput): string[] {
  const hits = input.query ? toolIndex(snapshot)(input.query) : [];
  return rankTools({ names, hits, usage: input.usage ?? new Map() });
}

/** Each tool's definition tokens in one format and tokenizer (once per snapshot). */
export function tokenCosts(
  snapshot: CatalogSnapshot,
  format: ToolFormat,
  tokenizer: Tokenizer,
): ReadonlyMap<string, number> {
  return snapshot.memo(`tools:tokens:${format}:${tokenizer}`, () => {
    const costs = new Map<string, number>();
    for (const [name, d] of definitionsByName(snapshot, format))
      costs.set(name, countTokens(JSON.stringify(d), tokenizer));
    return costs;
  });
}

function alwaysOnTest(snapshot: CatalogSnapshot, config: HostConfig) {
  const entries = config.tools?.alwaysOn ?? [];
  if (entries.length === 0) return undefined;
  return snapshot.memo(`tools:always-on:${JSON.stringify(entries)}`, () => {
    const rules = compileRules('config.tools.alwaysOn', entries);
    return (t: Parameters<typeof firstMatch>[1]) => firstMatch(rules, t) !== undefined;
  });
}

/** The search tool for deferred tools in this format, when the caller may use it. */
function searchTool(
  snapshot: CatalogSnapshot,
  format: ToolFormat,
  view: CallerView,
  tokenizer: Tokenizer,
): { definition: unknown; wire: string; tokens: number } | undefined {
  if (format !== 'anthropic' && !view.searchAllowed) return undefined;
  return snapshot.memo(`tools:search:${format}:${tokenizer}`, () => {
    if (format === 'anthropic') {
      const definition = ANTHROPIC_TOOL_SEARCH;
      const tokens = countTokens(JSON.stringify(definition), tokenizer);
      return { definition, wire: definition.name, tokens };
    }
    const definition = definitionsByName(snapshot, format).get(TOOLS_SEARCH);
    if (!definition) return undefined;
    const d = definition as { name?: string; function?: { name: string } };
    const wire = d.name ?? d.function?.name ?? TOOLS_SEARCH;
    return { definition, wire, tokens: countTokens(JSON.stringify(definition), tokenizer) };
  });
}

function deferredAnthropic(snapshot: CatalogSnapshot, name: string): unknown {
  const deferred = snapshot.memo('tools:anthropic:deferred', () => new Map<string, unknown>());
  let d = deferred.get(name);
  if (!d) {
    const def = definitionsByName(snapshot, 'anthropic').get(name);
    deferred.set(name, (d = Object.freeze({ ...def, defer_loading: true })));
  }
  return d;
}

function checkBudget(budget: unknown): number | false {
  if (budget === false || (Number.isInteger(budget) && (budget as number) > 0)) {
    return budget as number | false;
  }
  if (budget === Infinity) return false;
  throw new SkillError(
    'USAGE',
    `The tool budget must be a positive whole number of tokens (or false for none), got ${String(budget)}.`,
    { hint: 'Set tools.budget in the host config, or pass budget to tools.definitions().' },
  );
}

function checkTokenizer(tokenizer: string): Tokenizer {
  if ((TOKENIZERS as readonly string[]).includes(tokenizer)) return tokenizer as Tokenizer;
  throw new SkillError('USAGE', `Unknown tokenizer "${tokenizer}": use ${TOKENIZERS.join(', ')}.`);
}

interface ReportInput {
  format: ToolFormat;
  tokenizer: Tokenizer;
  budget: number | false;
  fit: ReturnType<typeof fitTokens>;
  why: ReadonlyMap<string, 'always-on' | 'found'>;
  view: CallerView;
  costs: ReadonlyMap<string, number>;
  search: { wire: string } | undefined;
  names: readonly string[];
  ranked: readonly string[];
}

function reportOf(r: ReportInput): DefinitionsReport {
  const kept = new Set(r.fit.kept);
  const rank = new Map(r.ranked.map((n, i) => [n, i + 1]));
  const reachable = r.format === 'anthropic' ? "Anthropic's tool search" : r.search?.wire;
  const where = reachable
    ? `; found through ${reachable}`
    : '; no search tool is available to this caller';
  const deferred = r.fit.deferred.map((name) =>
    Object.freeze({
      name,
      tokens: r.costs.get(name) ?? 0,
      reason: `over the ${String(r.budget)}-token budget (ranked ${rank.get(name)} of ${r.ranked.length})${where}`,
    }),
  );
  const report: DefinitionsReport = {
    format: r.format,
    tokenizer: r.tokenizer,
    budget: r.budget,
    tokens: r.fit.tokens,
    allTokens: r.names.reduce((n, name) => n + (r.costs.get(name) ?? 0), 0),
    kept: r.names
      .filter((n) => kept.has(n))
      .map((name) =>
        Object.freeze({ name, tokens: r.costs.get(name) ?? 0, why: r.why.get(name) ?? 'ranked' }),
      ),
    deferred,
    hidden: r.view.hidden,
  };
  if (r.fit.search && r.search) report.search = r.search.wire;
  if (r.fit.pinnedOverBudget)
    report.warning = `The always-on and found tools alone take more than the ${String(r.budget)}-token budget; they are sent anyway.`;
  return Object.freeze(report);
}
