import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../router/types.js';
import { callName, mcpToolNames } from './calls.js';

describe('call names', () => {
  it('a malformed call names nothing, so it starts no server', () => {
    expect(callName({ name: 'weather.now', input: {} } as ToolCall)).toBe('weather.now');
    expect(callName({ name: 42 } as unknown as ToolCall)).toBe('');
    expect(callName(null as unknown as ToolCall)).toBe('');
  });

  it('only names of MCP tools make a call wait for a server, in order', () => {
    expect(mcpToolNames(['weather.now', 'mcp__a__x', '', 'mcp__b__y'])).toEqual([
      'mcp__a__x',
      'mcp__b__y',
    ]);
  });
});
