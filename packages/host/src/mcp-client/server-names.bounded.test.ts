import { describe, expect, it } from 'vitest';
import { ServerNames } from './server-names.js';

describe('ServerNames', () => {
  it('answers the server of a record name and of a tool name, and nothing for other names', () => {
    const names = new ServerNames();
    expect(names.of('mcp__github')).toBe('github');
    expect(names.of('mcp__github__create_issue')).toBe('github');
    expect(names.of('weather.forecast')).toBeUndefined();
    // Asked again: the same answers from memory.
    expect(names.of('mcp__github__create_issue')).toBe('github');
    expect(names.of('weather.forecast')).toBeUndefined();
  });

  it('keeps at most its cap of names and still answers a name it forgot', () => {
    const names = new ServerNames(3);
    for (const n of ['mcp__a__x', 'mcp__b__x', 'mcp__c__x', 'mcp__d__x', 'mcp__e__x']) names.of(n);
    expect(names.size).toBe(3);
    expect(names.of('mcp__a__x')).toBe('a');
    expect(names.size).toBe(3);
  });

  it('remembers names per instance: two hosts in one process share no entries', () => {
    const one = new ServerNames();
    const two = new ServerNames();
    one.of('mcp__a__x');
    expect(one.size).toBe(1);
    expect(two.size).toBe(0);
  });
});
