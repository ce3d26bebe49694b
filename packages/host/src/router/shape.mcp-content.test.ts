// Shaping an MCP tool's content blocks: bare text blocks whose joined text scanned clean are
// handed on as they are; a secret in a block's text, or in any other field of a block, is
// redacted in the blocks as in the text.
import { describe, expect, it } from 'vitest';
import { ContentResult, type ContentBlock } from '../mcp-client/content.js';
import { createRedactor, REDACTED } from '../redact/index.js';
import { shapeResult } from './shape.js';

const SECRET = 'known-secret-value-1';
const redactor = createRedactor([SECRET]);
const result = (content: ContentBlock[]) =>
  new ContentResult(content.map((b) => (b.type === 'text' ? b.text : '')).join('\n'), content);

describe('MCP content shaping', () => {
  it('clean bare text blocks are passed on unchanged (the same array)', () => {
    const content: ContentBlock[] = [
      { type: 'text', text: 'first line' },
      { type: 'text', text: 'second line' },
    ];
    const shaped = shapeResult(result(content), 10_000, redactor);
    expect(shaped.text).toBe('first line\nsecond line');
    expect(shaped.content).toBe(content);
  });

  it('a secret in a text block is redacted in the text and in the blocks', () => {
    const content: ContentBlock[] = [
      { type: 'text', text: 'clean' },
      { type: 'text', text: `token ${SECRET}` },
    ];
    const shaped = shapeResult(result(content), 10_000, redactor);
    expect(shaped.text).toBe(`clean\ntoken ${REDACTED}`);
    expect(shaped.content).toEqual([
      { type: 'text', text: 'clean' },
      { type: 'text', text: `token ${REDACTED}` },
    ]);
    expect(JSON.stringify(shaped)).not.toContain(SECRET);
  });

  it('a secret outside the text (a block field the text does not show) is still redacted', () => {
    const content = [
      { type: 'text', text: 'clean', _meta: { note: SECRET } },
    ] as unknown as ContentBlock[];
    const shaped = shapeResult(result(content), 10_000, redactor);
    expect(shaped.text).toBe('clean');
    expect(JSON.stringify(shaped.content)).not.toContain(SECRET);
    expect(JSON.stringify(shaped.content)).toContain(REDACTED);
  });
});
