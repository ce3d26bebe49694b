// gmail.archive and gmail.label: approval asked where the manifest requires it, label names
// mapped to ids, and the mailbox changed as Gmail's batchModify would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@openclaw/skill-host';
import { gmailSetup, type GmailSetup } from './gmail-host.js';

let s: GmailSetup;
beforeAll(async () => {
  s = await gmailSetup();
  await s.login();
});
afterAll(() => s?.close());

const labelsOf = (id: string) => s.gmail.messages.find((m) => m.id === id)!.labelIds;

describe('gmail.archive and gmail.label', () => {
  it('gmail.archive asks for approval, then removes INBOX from the messages', async () => {
    const asked: ApprovalRequest[] = [];
    const r = await s.host.call(
      { name: 'gmail.archive', input: { ids: ['18c1b'] } },
      { approve: (req) => (asked.push(req), true) },
    );
    expect(r.isError ? r.message : r.structured).toEqual({
      status: 'archived',
      count: 1,
      ids: ['18c1b'],
    });
    expect(asked.map((a) => a.tool.name)).toEqual(['gmail.archive']);
    expect(labelsOf('18c1b')).not.toContain('INBOX');
  });

  it('a denied gmail.archive changes nothing and sends nothing to Gmail', async () => {
    const before = s.gmail.requests.length;
    const r = await s.host.call(
      { name: 'gmail.archive', input: { ids: ['18c1a'] } },
      { approve: () => false },
    );
    expect(r.isError && r.code).toBe('APPROVAL_DENIED');
    expect(s.gmail.requests).toHaveLength(before);
    expect(labelsOf('18c1a')).toContain('INBOX');
  });

  it('gmail.label adds a user label by name and removes UNREAD', async () => {
    const r = await s.host.call({
      name: 'gmail.label',
      input: { ids: ['18c1a'], add: ['receipts'], remove: ['UNREAD'] },
    });
    expect(r.isError ? r.message : 'ok').toBe('ok');
    expect(labelsOf('18c1a')).toEqual(['INBOX', 'Label_7']);
  });

  it('an unknown label name is INVALID_INPUT listing the labels that exist', async () => {
    const r = await s.host.call({
      name: 'gmail.label',
      input: { ids: ['18c1a'], add: ['Holidays'] },
    });
    expect(r.isError && [r.code, r.message, r.hint]).toEqual([
      'INVALID_INPUT',
      'No label named "Holidays".',
      'Labels in this mailbox: INBOX, SENT, UNREAD, STARRED, Receipts',
    ]);
  });
});
