// Token counts for tool definitions and the prompt block. OpenAI's encodings are exact
// (gpt-tokenizer: o200k_base for GPT-4o and later, cl100k_base for GPT-4 and GPT-3.5).
// Anthropic publishes no tokenizer for its current models and Gemini none at all, so those
// formats (and MCP, whose client's model is unknown) use an estimate from the text's length,
// calibrated on the benchmark corpus to count at least as many tokens as both OpenAI
// encodings for JSON tool definitions (docs/tool-budgets.md has the figures).
import { createRequire } from 'node:module';
import type { ToolFormat } from '../formats/types.js';

export type Tokenizer = 'o200k' | 'cl100k' | 'estimate';
export const TOKENIZERS: readonly Tokenizer[] = ['o200k', 'cl100k', 'estimate'];

/**
 * Characters per token of the estimate. JSON schemas tokenize densely (quotes, braces and
 * short keys are tokens of their own): o200k and cl100k average 3.6-4.0 characters per
 * token on the corpus's definitions; 3.0 keeps the estimate above both for nearly every
 * definition, which is the safe side of a budget.
 */
export const ESTIMATE_CHARS_PER_TOKEN = 3.0;

const require = createRequire(import.meta.url);
type Encoding = { countTokens(text: string): number };
const encodings = new Map<Tokenizer, Encoding>();
// Loaded on first use: the o200k tables take a few hundred milliseconds to load.
const MODULES: Record<'o200k' | 'cl100k', string> = {
  o200k: 'gpt-tokenizer/encoding/o200k_base',
  cl100k: 'gpt-tokenizer/encoding/cl100k_base',
};

/** The tokenizer a format's token counts use (the caller may name another). */
export function tokenizerFor(format: ToolFormat): Tokenizer {
  return format === 'openai' || format === 'openai-responses' ? 'o200k' : 'estimate';
}

export function countTokens(text: string, tokenizer: Tokenizer): number {
  if (tokenizer === 'estimate') return Math.ceil(text.length / ESTIMATE_CHARS_PER_TOKEN);
  let enc = encodings.get(tokenizer);
  if (!enc) encodings.set(tokenizer, (enc = require(MODULES[tokenizer]) as Encoding));
  return enc.countTokens(text);
}
