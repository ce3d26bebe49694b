import { describe, expect, it } from 'vitest';
import { rankTools } from './rank.js';

const names = ['calendar.create', 'files.read', 'gmail.send', 'slack.post'];

describe('rankTools', () => {
  it('keeps name order on a cold start (no request, no history)', () => {
    expect(rankTools({ names, hits: [], usage: new Map() })).toEqual(names);
  });

  it('puts the tools matching the request first, best match first', () => {
    const hits = [
      { id: 'slack.post', score: 8 },
      { id: 'gmail.send', score: 4 },
    ];
    expect(rankTools({ names, hits, usage: new Map() })).toEqual([
      'slack.post',
      'gmail.send',
      'calendar.create',
      'files.read',
    ]);
  });

  it('orders by use what relevance cannot tell apart, without overturning a clear match', () => {
    const usage = new Map([
      ['files.read', 50],
      ['calendar.create', 2],
    ]);
    expect(rankTools({ names, hits: [], usage })).toEqual([
      'files.read',
      'calendar.create',
      'gmail.send',
      'slack.post',
    ]);
    const hits = [{ id: 'gmail.send', score: 3 }];
    expect(rankTools({ names, hits, usage })[0]).toBe('gmail.send');
  });

  it('ignores hits for tools that are not candidates (hidden by policy)', () => {
    const hits = [{ id: 'shell.run', score: 9 }];
    expect(rankTools({ names, hits, usage: new Map() })).toEqual(names);
  });
});
