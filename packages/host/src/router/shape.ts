// Stage 8: turn a tool's return value into what the model reads. A string is text; any
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

/** Throws a TypeError when the value cannot be sent as JSON (cycles, BigInt). */
export function shapeResult(value: unknown, maxChars: number, redactor: Redactor): Shaped {
  let shaped: Shaped;
  if (value instanceof ContentResult) {
    shaped = {
      text: redactor.text(value.text),
      content: redactor.value(value.content) as ContentBlock[],
    };
    if (value.structured !== undefined) shaped.structured = redactor.value(value.structured);
  } else if (typeof value === 'string') shaped = { text: redactor.text(value) };
  else if (value === undefined) shaped = { text: '' };
  else {
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined)
      shaped = { text: '' }; // functions, symbols
    else {
      const text = redactor.text(json);
      if (text === json) shaped = { text, structured: value };
      else {
        // Rare: a secret in a structured result. Redact the value and derive the text from it.
        const structured = redactor.value(value);
        shaped = { text: redactor.text(JSON.stringify(structured)), structured };
      }
    }
  }
  return truncate(shaped, maxChars);
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
