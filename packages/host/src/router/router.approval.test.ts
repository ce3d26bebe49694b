// Approvals: deny > require approval > auto approve, with distinct results for a missing
// handler, a refusal and a question nobody answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostConfig } from '../config/schema.js';
import { skillRecord } from '../testing/records.js';
import { harness } from './router.fixtures.js';
import type { ApprovalHandler, ApprovalRequest } from './types.js';

const skills = () => [
  skillRecord({
    name: 'files',
    tools: [
      { name: 'files.read', annotations: { readOnlyHint: true } },
      { name: 'files.delete', annotations: { destructiveHint: true } },
      { name: 'files.publish', approval: 'required' },
      { name: 'files.wipe', approval: 'auto', annotations: { destructiveHint: true } },
    ],
  }),
];
const impl = {
  'files.read': () => 'content',
  'files.delete': () => 'deleted',
  'files.publish': () => 'published',
  'files.wipe': () => 'wiped',
};

const setup = (config: HostConfig = {}, approve?: ApprovalHandler) =>
  harness({ skills: skills(), tools: impl, config, ...(approve && { approve }) });

afterEach(() => {
  vi.useRealTimers();
});

describe('approvals', () => {
  it('a tool that needs no approval runs without asking', async () => {
    let asked = 0;
    const h = await setup({}, () => (asked++, true));
    expect(await h.router.call({ name: 'files.read', input: {} })).toMatchObject({
      isError: false,
      text: 'content',
    });
    expect(asked).toBe(0);
  });

  it.each(['files.delete', 'files.publish', 'files.wipe'])(
    '%s with no handler is APPROVAL_REQUIRED and does not run',
    async (name) => {
      const h = await setup();
      const r = await h.router.call({ name, input: {} });
      expect(r).toMatchObject({
        isError: true,
        code: 'APPROVAL_REQUIRED',
        hint: 're-run with --approve or pass an approval handler',
      });
      expect(h.invoked).toHaveLength(0);
    },
  );

  it('handler true runs the tool; the request says why it was asked', async () => {
    const seen: ApprovalRequest[] = [];
    const h = await setup({}, (req) => (seen.push(req), true));
    const r = await h.router.call(
      { name: 'files_delete', input: { path: '/tmp/x' }, id: 'call-7' },
      { agentId: 'a' },
    );
    expect(r).toMatchObject({ isError: false, text: 'deleted' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      callId: 'call-7',
      input: { path: '/tmp/x' },
      ctx: { agentId: 'a' },
    });
    expect(seen[0]!.tool.name).toBe('files.delete');
    expect(seen[0]!.reason).toContain('destructive');
  });

  it('handler false is APPROVAL_DENIED', async () => {
    const h = await setup({}, async () => false);
    const r = await h.router.call({ name: 'files.publish', input: {} });
    expect(r).toMatchObject({ isError: true, code: 'APPROVAL_DENIED' });
    expect(h.invoked).toHaveLength(0);
  });

  it('a handler that never answers is APPROVAL_TIMEOUT once approvals.timeoutMs passes, not before', async () => {
    const h = await setup({ approvals: { timeoutMs: 50 } }, () => new Promise<boolean>(() => {}));
    vi.useFakeTimers();
    let settled: unknown;
    const pending = h.router.call({ name: 'files.publish', input: {} }).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(49);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const r = await pending;
    expect(r).toMatchObject({ isError: true, code: 'APPROVAL_TIMEOUT' });
    expect(h.invoked).toHaveLength(0);
  });

  it('the approval question and the refusal name the tool once and say why', async () => {
    const seen: ApprovalRequest[] = [];
    const asked = await setup({}, (req) => (seen.push(req), false));
    await asked.router.call({ name: 'files.publish', input: {} });
    expect(seen[0]!.reason).toBe('its manifest says approval: "required"');
    const h = await setup();
    const r = await h.router.call({ name: 'files.delete', input: {} });
    expect(r.isError && r.message).toBe(
      'files.delete needs approval because it is destructive (annotations.destructiveHint), and no one can be asked.',
    );
    const required = await setup({ approvals: { require: ['files.read'] } });
    const q = await required.router.call({ name: 'files.read', input: {} });
    expect(q.isError && q.message).toBe(
      'files.read needs approval because config.approvals.require "files.read" matches it, and no one can be asked.',
    );
  });

  it('a handler that throws is APPROVAL_TIMEOUT, not a crash', async () => {
    const h = await setup({}, () => {
      throw new Error('terminal closed');
    });
    expect(await h.router.call({ name: 'files.publish', input: {} })).toMatchObject({
      code: 'APPROVAL_TIMEOUT',
    });
  });

  it('an approvals.auto rule skips the question', async () => {
    let asked = 0;
    const h = await setup({ approvals: { auto: ['files.delete'] } }, () => (asked++, false));
    expect(await h.router.call({ name: 'files.delete', input: {} })).toMatchObject({
      isError: false,
    });
    expect(asked).toBe(0);
  });

  it('approvals.deny wins over auto and over a yes', async () => {
    let asked = 0;
    const h = await setup(
      { approvals: { deny: ['files.*'], auto: ['files.*'] } },
      () => (asked++, true),
    );
    for (const name of ['files.delete', 'files.read']) {
      const r = await h.router.call({ name, input: {} });
      expect(r).toMatchObject({ isError: true, code: 'APPROVAL_DENIED' });
      if (r.isError) expect(r.message).toContain('config.approvals.deny "files.*"');
    }
    expect(asked).toBe(0);
  });

  it('approvals.require forces the question, even over auto', async () => {
    let asked = 0;
    const h = await setup(
      { approvals: { require: ['group:readonly'], auto: ['files.read'] } },
      () => (asked++, true),
    );
    expect(await h.router.call({ name: 'files.read', input: {} })).toMatchObject({
      isError: false,
    });
    expect(asked).toBe(1);
  });

  it('a per-call handler overrides the host handler', async () => {
    const h = await setup({}, () => true);
    const r = await h.router.call({ name: 'files.delete', input: {} }, { approve: () => false });
    expect(r).toMatchObject({ isError: true, code: 'APPROVAL_DENIED' });
  });

  it('only true approves', async () => {
    const h = await setup({}, () => 'yes' as unknown as boolean);
    expect(await h.router.call({ name: 'files.delete', input: {} })).toMatchObject({
      code: 'APPROVAL_DENIED',
    });
  });

  it('invalid input is refused before anyone is asked', async () => {
    let asked = 0;
    const h = await setup({}, () => (asked++, true));
    expect(await h.router.call({ name: 'files.delete', input: 'rm -rf' })).toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(asked).toBe(0);
  });
});
