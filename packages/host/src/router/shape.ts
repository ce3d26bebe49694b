// Stage 9: turn a tool's return value into what the model reads. A string is text; any
// other JSON value is sent as JSON text and kept as structured content; undefined is ''.
// Secrets are redacted first, then text over the limit is cut with a note saying how much
// was kept and how to get the rest.
import type { Redactor } from '../redact/index.js';
import { ContentResult, type ContentBlock } from '../mcp-client/content.js';

export interface Shaped {
  text: string;
  structured?: unknown;
  truncated?: { originalChars: number; keptChars: number };
  /** Content blocks of an MCP tool's result (images, resources), redacted. */
  content?: ContentBlock[];
}

export const truncationNote = (kept: number, total: number): string =>
  `\n\n[output truncated: kept ${kept} of ${total} characters; ask for a narrower query or a page of the result]`;

/**
 * Text over the limit is cut before it is redacted, keeping this much beyond the limit, so
 * redaction time is bounded by the limit, not by what a tool returned; a secret that
 * straddles the cut lies past the limit and is cut away with the rest.
 */
export const REDACT_MARGIN = 4096;

/** Throws a TypeError when the value cannot be sent as JSON (cycles, BigInt). */
export function shapeResult(value: unknown, maxChars: number, redactor: Redactor): Shaped {
  if (value instanceof ContentResult) return shapeContent(value, maxChars, redactor);
  if (value === undefined) return { text: '' };
  const raw = typeof value === 'string' ? value : (JSON.stringify(value) as string | undefined);
  if (raw === undefined) return { text: '' }; // functions, symbols
  if (raw.length > maxChars) return cappedText(raw, maxChars, redactor);
  const text = redactor.text(raw);
  if (typeof value === 'string') return truncate({ text }, maxChars);
  if (text === raw) return { text, structured: value };
  // Rare: a secret in a structured result. Redact the value and derive the text from it.
  const structured = redactor.value(value);
  return truncate({ text: redactor.text(JSON.stringify(structured)), structured }, maxChars);
}

/**
 * An MCP tool's result: its text as for a string, with the blocks and the structured value
 * kept (redacted) unless the text had to be cut, as a cut result is text only.
 */
function shapeContent(value: ContentResult, maxChars: number, redactor: Redactor): Shaped {
  const shaped = cappedText(value.text, maxChars, redactor);
  if (shaped.truncated) return shaped;
  // Text blocks with nothing but their text are the lines of value.text: when that scanned
  // clean, so are they (each secret pattern ends at a line break as at the end of a string),
  // and the blocks are handed on as they are instead of being scanned again.
  shaped.content =
    shaped.text === value.text && value.content.every(isBareTextBlock)
      ? (value.content as ContentBlock[])
      : (redactor.value(value.content) as ContentBlock[]);
  if (value.structured !== undefined) shaped.structured = redactor.value(value.structured);
  return shaped;
}

function isBareTextBlock(block: ContentBlock): boolean {
  if (block.type !== 'text' || typeof block.text !== 'string') return false;
  for (const key in block) if (key !== 'type' && key !== 'text') return false;
  return true;
}

/**
 * Redacts and cuts text to maxChars (with the note), scanning at most maxChars plus a
 * margin: for error messages and hints as much as for results.
 */
export function cappedText(raw: string, maxChars: number, redactor: Redactor): Shaped {
  if (raw.length <= maxChars) return truncate({ text: redactor.text(raw) }, maxChars);
  let kept = Math.max(0, maxChars - truncationNote(maxChars, raw.length).length);
  // Redaction can shorten the text (a long key becomes [REDACTED]); the window grows until
  // the part kept ends at least a margin before the end of what was scanned, so a secret
  // cut at the window's end is never in what is kept. Bounded: 16 times the limit at most.
  let end = maxChars + REDACT_MARGIN;
  let text = redactor.text(raw.slice(0, end));
  while (text.length < kept + REDACT_MARGIN && end < raw.length && end < 16 * maxChars) {
    end *= 2;
    text = redactor.text(raw.slice(0, end));
  }
  if (end >= raw.length && text.length <= maxChars) return { text };
  if (end < raw.length && text.length < kept + REDACT_MARGIN)
    kept = Math.max(0, text.length - REDACT_MARGIN);
  kept = Math.min(kept, text.length);
  // Never split a surrogate pair.
  const code = text.charCodeAt(kept - 1);
  if (kept > 0 && code >= 0xd800 && code <= 0xdbff) kept--;
  return {
    text: text.slice(0, kept) + truncationNote(kept, raw.length),
    truncated: { originalChars: raw.length, keptChars: kept },
  };
}

/**
 * Cuts text so that text plus the note fit in maxChars. The structured value is dropped
 * from a truncated result: sending it in full would defeat the limit.
 */
export function truncate(shaped: Shaped, maxChars: number): Shaped {
  const total = shaped.text.length;
  if (total <= maxChars) return shaped;
  let kept = Math.max(0, maxChars - truncationNote(maxChars, total).length);
  // Never split a surrogate pair.
  const code = shaped.text.charCodeAt(kept - 1);
  if (kept > 0 && code >= 0xd800 && code <= 0xdbff) kept--;
  return {
    text: shaped.text.slice(0, kept) + truncationNote(kept, total),
    truncated: { originalChars: total, keptChars: kept },
  };
}
