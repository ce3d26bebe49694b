import { describe, expect, it } from 'vitest';
import { firstDifference, stripAnnotations } from './implemented-tools.js';

describe('comparing a manifest schema with the defineTool schema', () => {
  it('ignores descriptions and titles but keeps a property named "description"', () => {
    const manifest = {
      type: 'object',
      title: 'Input',
      properties: {
        description: { type: 'string', description: 'Text of the note' },
        n: { type: 'integer', examples: [1] },
      },
      required: ['description'],
    };
    const code = {
      type: 'object',
      properties: { description: { type: 'string' }, n: { type: 'integer' } },
      required: ['description'],
    };
    expect(firstDifference(stripAnnotations(manifest), stripAnnotations(code))).toBeUndefined();
    expect(stripAnnotations(manifest)).toHaveProperty('properties.description.type', 'string');
  });

  it('still reports a difference in what validates the input', () => {
    const manifest = {
      type: 'object',
      properties: { days: { type: 'integer', maximum: 7, description: 'days' } },
    };
    const code = { type: 'object', properties: { days: { type: 'integer', maximum: 14 } } };
    expect(firstDifference(stripAnnotations(manifest), stripAnnotations(code))).toMatch(
      /properties\.days\.maximum/,
    );
  });
});
