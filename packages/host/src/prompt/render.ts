// renderPrompt: the skills block for a system prompt, computed once per snapshot and
// options. A query only matters when the full block is over budget, so a query-free render
// that fits answers every query; query renders live in a small bounded cache.
import { homedir } from 'node:os';
import { SkillError } from '@openclaw/skill-sdk';
import type { CatalogSnapshot, SkillRecord } from '../catalog/types.js';
import { countTokens, type Tokenizer } from '../budget/tokens.js';
import {
  assemble,
  displayLocation,
  preambleFor,
  type PromptEntry,
  type PromptFormat,
} from './blocks.js';
import { fitBudget } from './budget.js';
import { skillIndex } from './search-index.js';
import { promptSkills } from './select.js';

export const DEFAULT_PROMPT_MAX_CHARS = 18_000;
/** Distinct queries remembered per snapshot and options; the oldest is forgotten first. */
const QUERY_CACHE_SIZE = 64;
/** How many dropped names the one-line report spells out. */
const REPORT_NAMES = 10;

export interface PromptOptions {
  /** The current task or user message: ranks skills when the block is over budget. */
  query?: string;
  /** Budget for `text` (default 18,000 characters). */
  maxChars?: number;
  format?: PromptFormat;
  /** Shown as `~/` in openclaw locations (default: os.homedir()). */
  userHome?: string;
  /**
   * The tool the preamble tells the model to read SKILL.md with: `read` (the default, an
   * agent's own file tool) or the host's read tool in the caller's wire format.
   */
  readTool?: string;
  /**
   * Only the skills one caller may use (its policy's view); `key` names the view in the
   * cache. Default: every prompt-visible skill.
   */
  visible?: { key: string; shows(skill: SkillRecord): boolean };
  /** Counts `tokens` with this tokenizer (default: the estimate, docs/agents/tool-budgets.md). */
  tokenizer?: Tokenizer;
}

export interface PromptResult {
  /** Preamble + block (openclaw) or the block (agentskills); '' when no skill is offered. */
  text: string;
  /** The `<available_skills>` element only. */
  block: string;
  /** Names in the block, in block order. */
  included: string[];
  /** Included skills whose description was shortened to fit. */
  shortened: string[];
  /** Skills left out to fit the budget. */
  omitted: { name: string; reason: string }[];
  chars: number;
  /** Tokens of `text`, counted with the tokenizer asked for. */
  tokens: number;
  /** One line for the user saying what was left out, when anything was. */
  report?: string;
}

export function renderPrompt(snapshot: CatalogSnapshot, opts: PromptOptions = {}): PromptResult {
  const format = opts.format ?? 'openclaw';
  const maxChars = opts.maxChars ?? DEFAULT_PROMPT_MAX_CHARS;
  const home = opts.userHome ?? homedir();
  const readTool = opts.readTool ?? 'read';
  const tokenizer = opts.tokenizer ?? 'estimate';
  const key = `${format}:${maxChars}:${home}:${readTool}:${tokenizer}:${opts.visible?.key ?? ''}`;
  const setup: Setup = { format, maxChars, home, readTool, tokenizer, visible: opts.visible };
  const base = opts.visible
    ? bounded(
        snapshot.memo('prompt:callers', () => new Map<string, PromptResult>()),
        key,
        () => compute(snapshot, setup, undefined),
      )
    : snapshot.memo(`prompt:${key}`, () => compute(snapshot, setup, undefined));
  const query = opts.query?.trim();
  if (!query || (base.shortened.length === 0 && base.omitted.length === 0)) return base;
  const cache = snapshot.memo(`prompt-queries:${opts.visible ? '' : key}`, () => new Map());
  return bounded(cache, opts.visible ? `${key}\0${query}` : query, () =>
    compute(snapshot, setup, query),
  );
}

/** A cached result, or a new one remembered; the oldest entry is forgotten first. */
function bounded(
  cache: Map<string, PromptResult>,
  key: string,
  make: () => PromptResult,
): PromptResult {
  let result = cache.get(key);
  if (!result) {
    result = make();
    if (cache.size >= QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, result);
  }
  return result;
}

function checkOptions(format: string, maxChars: number): void {
  if (format !== 'openclaw' && format !== 'agentskills') {
    throw new SkillError(
      'USAGE',
      `Unknown prompt format "${format}": use openclaw or agentskills.`,
    );
  }
  if (!Number.isInteger(maxChars) || maxChars <= 0) {
    throw new SkillError(
      'USAGE',
      `maxChars must be a positive whole number of characters, got ${maxChars}.`,
    );
  }
}

interface Setup {
  format: PromptFormat;
  maxChars: number;
  home: string;
  readTool: string;
  tokenizer: Tokenizer;
  visible: PromptOptions['visible'];
}

function compute(snapshot: CatalogSnapshot, setup: Setup, query: string | undefined): PromptResult {
  const { format, maxChars, home, visible } = setup;
  checkOptions(format, maxChars);
  const preamble = preambleFor(setup.readTool);
  const all = promptSkills(snapshot);
  const skills = visible ? all.filter((s) => visible.shows(s)) : all;
  const entries: PromptEntry[] = skills.map((s) => ({
    name: s.name,
    description: s.description,
    location: format === 'openclaw' ? displayLocation(s.location, home) : s.location,
  }));
  const names = entries.map((e) => e.name);
  const fit = fitBudget(entries, {
    format,
    rank: query ? rankByQuery(snapshot, names, query) : names,
    maxChars,
    preamble,
  });
  const { text, block } = assemble(
    format,
    fit.kept.map((k) => k.rendered),
    preamble,
  );
  const omittedNames = [...fit.dropped].sort();
  const reason = `over the ${maxChars}-character budget`;
  const result: PromptResult = {
    text,
    block,
    included: fit.kept.map((k) => k.entry.name),
    shortened: fit.shortened,
    omitted: omittedNames.map((name) => Object.freeze({ name, reason })),
    chars: text.length,
    tokens: 0,
  };
  // Counted on first read: loading a tokenizer's tables costs about 200 ms, which a host
  // start that only renders the block must not pay.
  let tokens: number | undefined;
  Object.defineProperty(result, 'tokens', {
    enumerable: true,
    get: () => (tokens ??= text === '' ? 0 : countTokens(text, setup.tokenizer)),
  });
  const report = budgetReport(maxChars, omittedNames, fit.shortened.length);
  if (report) result.report = report;
  Object.freeze(result.included);
  Object.freeze(result.shortened);
  Object.freeze(result.omitted);
  return Object.freeze(result);
}

/** Names most relevant first: matches by BM25 score, then the rest in name order. */
function rankByQuery(snapshot: CatalogSnapshot, names: readonly string[], query: string): string[] {
  const shown = new Set(names);
  const hits = skillIndex(snapshot).search(query);
  const ranked = hits.map((h) => h.skill.name).filter((n) => shown.has(n));
  const matched = new Set(ranked);
  return [...ranked, ...names.filter((n) => !matched.has(n))];
}

function budgetReport(
  maxChars: number,
  omitted: readonly string[],
  shortened: number,
): string | undefined {
  const parts: string[] = [];
  if (omitted.length > 0) {
    const shown = omitted.slice(0, REPORT_NAMES).join(', ');
    const more = omitted.length > REPORT_NAMES ? `… and ${omitted.length - REPORT_NAMES} more` : '';
    const noun = omitted.length === 1 ? 'skill' : 'skills';
    parts.push(
      `Left out ${omitted.length} ${noun} over the ${maxChars}-character budget: ${shown}${more}`,
    );
  }
  if (shortened > 0) {
    const noun = shortened === 1 ? 'description' : 'descriptions';
    parts.push(
      omitted.length > 0
        ? `shortened ${shortened} ${noun}`
        : `Shortened ${shortened} skill ${noun} to fit the ${maxChars}-character budget`,
    );
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : undefined;
}
