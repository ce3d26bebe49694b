// A handler that has no one to ask right now (serve's dashboard broker with no page open)
// rejects with APPROVAL_REQUIRED: the call is then refused as if there were no handler,
// not as a timeout.
import { SkillError } from '@openclaw/skill-sdk';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../audit/index.js';
import type { ToolRecord } from '../catalog/types.js';
import { approvalStage } from './approval.js';

const stage = (fallback: Parameters<typeof approvalStage>[0]['fallback']) => {
  const entry = {} as AuditEntry;
  return approvalStage({
    need: { kind: 'ask', reason: 'it is destructive (annotations.destructiveHint)' },
    tool: { name: 'notes.wipe' } as ToolRecord,
    input: {},
    ctx: {},
    callId: 'c',
    entry,
    fallback,
    timeoutMs: 60_000,
  }).then((refusal) => ({ refusal, entry }));
};

describe('approval with no one to ask', () => {
  it('a handler rejecting with APPROVAL_REQUIRED refuses like no handler, recorded as required', async () => {
    const none = await stage(undefined);
    const unavailable = await stage(() =>
      Promise.reject(new SkillError('APPROVAL_REQUIRED', 'no dashboard page is open')),
    );
    expect(unavailable.refusal).toEqual(none.refusal);
    expect(unavailable.refusal?.code).toBe('APPROVAL_REQUIRED');
    expect(unavailable.entry.approval).toBe('required');
  });

  it('a handler throwing anything else is still a timeout', async () => {
    const r = await stage(() => {
      throw new Error('broken handler');
    });
    expect(r.refusal?.code).toBe('APPROVAL_TIMEOUT');
  });
});
