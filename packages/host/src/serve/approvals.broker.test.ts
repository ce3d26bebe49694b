// The dashboard's approval broker: asks only while a page is open, answers once / always
// (per session and tool) / deny, withdraws on abort, and firstAnswer races two askers.
import { SkillError } from '@openclaw/skill-sdk';
import { describe, expect, it } from 'vitest';
import type { ToolRecord } from '../catalog/types.js';
import type { ApprovalRequest } from '../router/types.js';
import { ApprovalBroker, firstAnswer } from './approvals.js';

const request = (sessionId: string, signal?: AbortSignal): ApprovalRequest => ({
  callId: 'c1',
  tool: { name: 'notes.wipe', skill: 'notes' } as ToolRecord,
  input: { folder: 'x' },
  reason: 'it is destructive',
  ctx: { sessionId, ...(signal && { signal }) },
});

describe('ApprovalBroker', () => {
  it('without an open page it rejects with APPROVAL_REQUIRED (no one to ask) and lists nothing', async () => {
    const b = new ApprovalBroker();
    await expect(b.ask(request('s'))).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(b.pending()).toEqual([]);
  });

  it('lists a waiting call with its tool, input, reason and session, and announces each change', async () => {
    const b = new ApprovalBroker();
    b.viewerJoined();
    const seen: number[] = [];
    b.onChange((p) => seen.push(p.length));
    const answer = b.ask(request('s1'));
    expect(b.pending()).toMatchObject([
      {
        tool: 'notes.wipe',
        skill: 'notes',
        input: { folder: 'x' },
        reason: 'it is destructive',
        sessionId: 's1',
      },
    ]);
    expect(b.answer(b.pending()[0]!.id, 'once')).toBe(true);
    expect(await answer).toBe(true);
    expect(seen).toEqual([1, 0]);
  });

  it('deny answers false; an unknown or already answered id answers nothing', async () => {
    const b = new ApprovalBroker();
    b.viewerJoined();
    const answer = b.ask(request('s1'));
    const id = b.pending()[0]!.id;
    expect(b.answer(id, 'deny')).toBe(true);
    expect(await answer).toBe(false);
    expect(b.answer(id, 'once')).toBe(false);
    expect(b.answer('nope', 'once')).toBe(false);
  });

  it('always approves later calls of that tool in that session without asking, even with no page open', async () => {
    const b = new ApprovalBroker();
    const leave = b.viewerJoined();
    const first = b.ask(request('s1'));
    b.answer(b.pending()[0]!.id, 'always');
    expect(await first).toBe(true);
    leave();
    expect(await b.ask(request('s1'))).toBe(true);
    await expect(b.ask(request('s2'))).rejects.toBeInstanceOf(SkillError);
  });

  it('an aborted call leaves the list and answers false', async () => {
    const b = new ApprovalBroker();
    b.viewerJoined();
    const ac = new AbortController();
    const answer = b.ask(request('s1', ac.signal));
    expect(b.pending()).toHaveLength(1);
    ac.abort();
    expect(await answer).toBe(false);
    expect(b.pending()).toEqual([]);
  });

  it('close denies everything still waiting', async () => {
    const b = new ApprovalBroker();
    b.viewerJoined();
    const answer = b.ask(request('s1'));
    b.close();
    expect(await answer).toBe(false);
  });
});

describe('firstAnswer', () => {
  it('the first answer wins and the other asker is withdrawn through its signal', async () => {
    let withdrawn = false;
    const slow = (_r: ApprovalRequest, signal: AbortSignal) =>
      new Promise<boolean>((resolve) =>
        signal.addEventListener('abort', () => {
          withdrawn = true;
          resolve(true);
        }),
      );
    const fast = async () => false;
    expect(await firstAnswer(slow, fast)(request('s'))).toBe(false);
    expect(withdrawn).toBe(true);
  });

  it('an asker with no one to ask drops out; when all do, the rejection is the answer', async () => {
    const none = () => Promise.reject(new SkillError('APPROVAL_REQUIRED', 'no one'));
    expect(await firstAnswer(none, async () => true)(request('s'))).toBe(true);
    await expect(firstAnswer(none, none)(request('s'))).rejects.toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
  });
});
