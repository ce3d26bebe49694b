import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEY, toWireResult } from '../formats/wire-result.js';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

const skills = () => [
  skillRecord({
    name: 'notes',
    tools: [
      'notes.get',
      { name: 'notes.purge', annotations: { destructiveHint: true } },
      'notes.secret',
    ],
  }),
];

afterEach(() => {
  vi.useRealTimers();
});

describe('result metadata', () => {
  it('durationMs is measured on the monotonic clock from the call to its result', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    const h = await harness({
      skills: skills(),
      sync: true,
      tools: {
        'notes.get': () => {
          vi.advanceTimersByTime(250);
          return 'n';
        },
      },
    });
    const r = await h.router.call({ name: 'notes.get', input: {} });
    expect(r.durationMs).toBe(250);
  });

  it('a call that ran carries its runner and approved: auto', async () => {
    const h = await harness({
      skills: skills(),
      tools: { 'notes.get': () => 'n' },
      runnerOf: () => 'sandbox',
    });
    const r = await h.router.call({ name: 'notes.get', input: {} });
    expect(r).toMatchObject({ isError: false, runner: 'sandbox', approved: 'auto' });
    // Its value is checked with fake timers in the test above.
    expect(Number.isFinite(r.durationMs)).toBe(true);
    expect(r).not.toHaveProperty('approvedBy');
  });

  it('approved is policy (naming the rule) when config approvals.auto lifts an approval, user when a person said yes', async () => {
    const tools = { 'notes.purge': () => 'purged' };
    const byPolicy = await harness({
      skills: skills(),
      tools,
      config: { approvals: { auto: ['notes.purge'] } },
    });
    expect(await byPolicy.router.call({ name: 'notes.purge', input: {} })).toMatchObject({
      approved: 'policy',
      approvedBy: 'approved by config.approvals.auto "notes.purge"',
    });
    const byUser = await harness({ skills: skills(), tools, approve: () => true });
    const r = await byUser.router.call({ name: 'notes.purge', input: {} });
    expect(r).toMatchObject({ isError: false, approved: 'user' });
  });

  it('a handler that says who approved is named in approvedBy and in the audit line', async () => {
    const h = await harness({
      skills: skills(),
      tools: { 'notes.purge': () => 'purged' },
      approve: () => ({ approved: true, by: 'alice' }),
    });
    const r = await h.router.call({ name: 'notes.purge', input: {} });
    expect(r).toMatchObject({ isError: false, approved: 'user', approvedBy: 'alice' });
    const [line] = await h.auditLines();
    expect(line).toMatchObject({ approval: 'approved', approvedBy: 'alice' });
  });

  it('a refused call has a duration but no runner and no approval', async () => {
    const h = await harness({ skills: skills(), config: { policy: { deny: ['notes.secret'] } } });
    const r = await h.router.call({ name: 'notes.secret', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'POLICY_DENIED' });
    expect(typeof r.durationMs).toBe('number');
    expect(r).not.toHaveProperty('runner');
    expect(r).not.toHaveProperty('approved');
  });

  it('the MCP result carries the metadata under one prefixed _meta key, truncated as a boolean', async () => {
    const h = await harness({
      skills: skills(),
      tools: { 'notes.get': () => 'x'.repeat(500), 'notes.purge': () => 'done' },
      runnerOf: () => 'worker',
      config: { limits: { maxResultChars: 100 } },
    });
    const cut = toWireResult(await h.router.call({ name: 'notes.get', input: {} }), 'mcp');
    expect(Object.keys(cut._meta!)).toEqual([META_KEY]);
    expect(META_KEY).toMatch(/^[a-z]+(\.[a-z]+)+\/[a-z]+$/);
    expect(cut._meta![META_KEY]).toMatchObject({
      runner: 'worker',
      approved: 'auto',
      truncated: true,
    });
    const refused = toWireResult(await h.router.call({ name: 'notes.purge', input: {} }), 'mcp');
    expect(refused.isError).toBe(true);
    expect(refused._meta![META_KEY]).toEqual({
      durationMs: expect.any(Number) as number,
      truncated: false,
    });
  });
});
