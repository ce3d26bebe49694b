// Token counts for tool definitions and the prompt block. OpenAI's encodings are exact
// (gpt-tokenizer: o200k_base for GPT-4o and later, cl100k_base for GPT-4 and GPT-3.5).
// Anthropic publishes no tokenizer for its current models and Gemini none for local use, so
// those formats (and MCP, whose client's model is unknown) use an estimate calibrated
// against the OpenAI encodings: the cl100k count times a margin (docs/agents/tool-budgets.md).
import { createRequire } from 'node:module';
import type { ToolFormat } from '../formats/types.js';

export type Tokenizer = 'o200k' | 'cl100k' | 'estimate';
export const TOKENIZERS: readonly Tokenizer[] = ['o200k', 'cl100k', 'estimate'];

/**
 * The estimate's margin over cl100k. Character ratios do not transfer between kinds of
 * text (the corpus's JSON definitions run 4.5-4.7 characters per OpenAI token, the prompt
 * block with its paths 3.5), so the estimate scales a real count instead. Vocabularies
 * smaller than o200k split text into more pieces; 1.2 keeps the estimate above both OpenAI
 * encodings for every corpus definition, which is the safe side of a budget.
 */
export const ESTIMATE_FACTOR = 1.2;

const require = createRequire(import.meta.url);
type Encoding = { countTokens(text: string): number };
const encodings = new Map<Tokenizer, Encoding>();
// Loaded on first use: the tables take 100 (cl100k) to 450 (o200k) milliseconds to load.
const MODULES: Record<'o200k' | 'cl100k', string> = {
  o200k: 'gpt-tokenizer/encoding/o200k_base',
  cl100k: 'gpt-tokenizer/encoding/cl100k_base',
};

/** The tokenizer a format's token counts use (the caller may name another). */
export function tokenizerFor(format: ToolFormat): Tokenizer {
  return format === 'openai' || format === 'openai-responses' ? 'o200k' : 'estimate';
}

export function countTokens(text: string, tokenizer: Tokenizer): number {
  if (tokenizer === 'estimate') return Math.ceil(countTokens(text, 'cl100k') * ESTIMATE_FACTOR);
  let enc = encodings.get(tokenizer);
  if (!enc) encodings.set(tokenizer, (enc = require(MODULES[tokenizer]) as Encoding));
  return enc.countTokens(text);
}
