// One audit line per call: allowed, denied, approved, refused and failed calls each with
// their outcome code, decision, rule and approval.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digest64 } from '../audit/index.js';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';

describe('audit lines', () => {
  it('record allowed, denied, approved, refused and failed calls with their codes', async () => {
    const h = await harness({
      skills: [
        skillRecord({
          name: 'acct',
          version: '2.1.0',
          tools: [
            {
              name: 'acct.view',
              inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
            },
            { name: 'acct.close', annotations: { destructiveHint: true } },
            { name: 'acct.purge', annotations: { destructiveHint: true } },
            'acct.secret',
            'acct.broken',
          ],
        }),
      ],
      config: { policy: { deny: ['acct.secret'] }, approvals: { deny: ['acct.purge'] } },
      approve: () => true,
      tools: {
        'acct.view': () => 'account 1',
        'acct.close': () => 'closed',
        'acct.broken': () => {
          throw new Error('database is down');
        },
      },
    });
    const ctx = { agentId: 'bot', sessionId: 'sess-1' };
    await h.router.call({ name: 'acct.view', input: { id: 'a1' }, id: 'allowed' }, ctx);
    await h.router.call({ name: 'acct.secret', input: {}, id: 'denied' }, ctx);
    await h.router.call({ name: 'acct.close', input: {}, id: 'approved' }, ctx);
    await h.router.call({ name: 'acct.purge', input: {}, id: 'refused' }, ctx);
    await h.router.call({ name: 'acct.broken', input: {}, id: 'failed' }, ctx);
    await h.router.call({ name: 'acct.nope', input: {}, id: 'unknown' }, ctx);
    await h.router.call({ name: 'acct.view', input: { id: 1 }, id: 'invalid' }, ctx);
    const lines = await h.auditLines();
    const by = Object.fromEntries(lines.map((l) => [l.callId, l]));
    expect(lines).toHaveLength(7);

    expect(by.allowed).toMatchObject({
      tool: 'acct.view',
      skill: 'acct',
      version: '2.1.0',
      agentId: 'bot',
      sessionId: 'sess-1',
      decision: 'allowed',
      approval: 'auto',
      outcome: 'ok',
      inputBytes: JSON.stringify({ id: 'a1' }).length,
      outputBytes: 'account 1'.length,
      truncated: false,
    });
    expect(by.allowed!.inputHash).toMatch(/^h64:[0-9a-f]{16}$/);
    expect(by.allowed!.input).toBeUndefined();
    expect(by.allowed!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(by.allowed!.time)).toBeGreaterThan(Date.now() - 60_000);

    expect(by.denied).toMatchObject({
      decision: 'denied',
      outcome: 'POLICY_DENIED',
      rule: 'denied by config.policy.deny "acct.secret"',
    });
    expect(by.denied!.approval).toBeUndefined();
    expect(by.approved).toMatchObject({ decision: 'allowed', approval: 'approved', outcome: 'ok' });
    expect(by.approved!.rule).toContain('destructive');
    expect(by.refused).toMatchObject({
      decision: 'allowed',
      approval: 'denied',
      outcome: 'APPROVAL_DENIED',
      rule: 'refused by config.approvals.deny "acct.purge"',
    });
    expect(by.failed).toMatchObject({
      decision: 'allowed',
      approval: 'auto',
      outcome: 'SKILL_ERROR',
    });
    expect(by.unknown).toMatchObject({
      tool: 'acct.nope',
      decision: 'denied',
      outcome: 'TOOL_NOT_FOUND',
      rule: 'unknown tool',
    });
    expect(by.unknown!.skill).toBeUndefined();
    expect(by.invalid).toMatchObject({ decision: 'allowed', outcome: 'INVALID_INPUT' });

    expect((await stat(join(h.home, 'audit.jsonl'))).mode & 0o777).toBe(0o600);
  });

  it('config.audit.enabled false writes no file', async () => {
    const h = await harness({
      skills: [skillRecord({ name: 'a', tools: ['a.b'] })],
      tools: { 'a.b': () => 'x' },
      config: { audit: { enabled: false } },
    });
    await h.router.call({ name: 'a.b', input: {} });
    expect(await h.auditLines()).toEqual([]);
  });

  it('a broken audit file is reported once and calls keep being served', async () => {
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'router-audit-'));
    const home = join(dir, 'home');
    await writeFile(home, 'not a folder');
    const h = await harness({
      home,
      skills: [skillRecord({ name: 'a', tools: ['a.b'] })],
      tools: { 'a.b': () => 'x' },
    });
    for (let i = 0; i < 5; i++) {
      expect(await h.router.call({ name: 'a.b', input: {} })).toMatchObject({
        isError: false,
        text: 'x',
      });
      await h.router.close();
    }
    expect(h.logs.filter((l) => l.level === 'error')).toHaveLength(1);
  });

  it('inputHash is the digest of the canonical input with or without a session (hashed on the hot path or when written)', async () => {
    const h = await harness({
      skills: [skillRecord({ name: 'a', tools: ['a.b'] })],
      tools: { 'a.b': () => 'x' },
    });
    await h.router.call({ name: 'a.b', input: { b: 1, a: 'x' }, id: 'with' }, { sessionId: 's' });
    await h.router.call({ name: 'a.b', input: { a: 'x', b: 1 }, id: 'without' });
    const lines = await h.auditLines();
    const expected = `h64:${digest64('{"a":"x","b":1}')}`;
    expect(lines.map((l) => [l.callId, l.inputHash])).toEqual([
      ['with', expected],
      ['without', expected],
    ]);
  });
});
