import { afterEach, describe, expect, it, vi } from 'vitest';
import { skillRecord } from '../testing/records.js';
import type { BeforeCallHook, BeforeCallInfo } from './before-call.js';
import { harness } from './router.fixtures.js';

const mailSchema = {
  type: 'object',
  properties: { to: { type: 'string' }, body: { type: 'string' } },
  required: ['to'],
  additionalProperties: false,
} as const;

const skills = () => [
  skillRecord({
    name: 'mail',
    tools: [{ name: 'mail.send', inputSchema: mailSchema, approval: 'required', timeoutMs: 1_000 }],
  }),
];

const send = { 'mail.send': (input: unknown) => `sent ${JSON.stringify(input)}` };

afterEach(() => {
  vi.useRealTimers();
});

describe('the beforeCall hook', () => {
  it('runs after input validation and before approval, with the checked input and the context', async () => {
    const order: string[] = [];
    const seen: BeforeCallInfo[] = [];
    const h = await harness({
      skills: skills(),
      tools: send,
      beforeCall: (call, ctx) => {
        order.push(`hook:${ctx.agentId}`);
        seen.push(call);
        return { allow: true };
      },
      approve: () => {
        order.push('approve');
        return true;
      },
    });
    const bad = await h.router.call({ name: 'mail.send', input: { body: 'no to' } });
    expect(bad).toMatchObject({ isError: true, code: 'INVALID_INPUT' });
    expect(order).toEqual([]);
    const r = await h.router.call({ name: 'mail_send', input: { to: 'a@b.c' } }, { agentId: 'x' });
    expect(r).toMatchObject({ isError: false, text: 'sent {"to":"a@b.c"}' });
    expect(order).toEqual(['hook:x', 'approve']);
    expect(seen[0]).toMatchObject({ name: 'mail.send', skill: 'mail', input: { to: 'a@b.c' } });
  });

  it('a refusal is HOOK_DENIED with the reason, never asks for approval nor runs, and is audited', async () => {
    const approve = vi.fn(() => true);
    const h = await harness({
      skills: skills(),
      tools: send,
      approve,
      beforeCall: async () => ({ allow: false, reason: 'outside office hours' }),
    });
    const r = await h.router.call({ name: 'mail.send', input: { to: 'a@b.c' } });
    expect(r).toMatchObject({ isError: true, code: 'HOOK_DENIED' });
    if (r.isError) expect(r.message).toContain('outside office hours');
    expect(approve).not.toHaveBeenCalled();
    expect(h.invoked).toHaveLength(0);
    const [line] = await h.auditLines();
    expect(line).toMatchObject({
      hook: 'denied',
      outcome: 'HOOK_DENIED',
      rule: 'beforeCall: outside office hours',
    });
  });

  it('a replaced input is validated again, run, and the audit keeps the input the model sent', async () => {
    const h = await harness({
      skills: skills(),
      tools: send,
      approve: () => true,
      config: { audit: { fullInputs: true } },
      beforeCall: (call) => ({ input: { ...(call.input as object), body: 'signed' } }),
    });
    const r = await h.router.call({ name: 'mail.send', input: { to: 'a@b.c' } });
    expect(r).toMatchObject({ isError: false, text: 'sent {"to":"a@b.c","body":"signed"}' });
    const [line] = await h.auditLines();
    expect(line).toMatchObject({ hook: 'replaced', outcome: 'ok', input: { to: 'a@b.c' } });
  });

  it('a replaced input that fails the schema is HOOK_FAILED, not the model’s INVALID_INPUT', async () => {
    const h = await harness({
      skills: skills(),
      tools: send,
      approve: () => true,
      beforeCall: () => ({ input: { to: 5 } }),
    });
    const r = await h.router.call({ name: 'mail.send', input: { to: 'a@b.c' } });
    expect(r).toMatchObject({ isError: true, code: 'HOOK_FAILED' });
    if (r.isError) expect(r.message).toContain('/to: must be string');
    expect(h.invoked).toHaveLength(0);
  });

  it.each<[string, BeforeCallHook]>([
    [
      'throws',
      () => {
        throw new Error('boom');
      },
    ],
    ['rejects', () => Promise.reject(new Error('boom'))],
    ['answers something else', () => ({ maybe: true }) as never],
    ['refuses without a reason', () => ({ allow: false }) as never],
  ])('a hook that %s fails the call closed with HOOK_FAILED', async (_, hook) => {
    const h = await harness({
      skills: skills(),
      tools: send,
      approve: () => true,
      beforeCall: hook,
    });
    const r = await h.router.call({ name: 'mail.send', input: { to: 'a@b.c' } });
    expect(r).toMatchObject({ isError: true, code: 'HOOK_FAILED' });
    expect(h.invoked).toHaveLength(0);
    const [line] = await h.auditLines();
    expect(line).toMatchObject({ hook: 'failed', outcome: 'HOOK_FAILED' });
  });

  it("a hook that never answers fails the call after the tool's timeout", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = await harness({
      skills: skills(),
      tools: send,
      approve: () => true,
      beforeCall: () => new Promise(() => {}),
    });
    const pending = h.router.call({ name: 'mail.send', input: { to: 'a@b.c' } });
    await vi.advanceTimersByTimeAsync(1_000);
    const r = await pending;
    expect(r).toMatchObject({ isError: true, code: 'HOOK_FAILED' });
    if (r.isError) expect(r.message).toContain('did not answer within 1000 ms');
  });
});
