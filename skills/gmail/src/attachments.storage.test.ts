import { describe, expect, it } from 'vitest';
import { createTestContext } from '@openclaw/skill-sdk/testing';
import type { GmailConfig } from './api.js';
import { loadAttachments } from './attachments.js';

const config: GmailConfig = {
  apiBaseUrl: 'http://127.0.0.1:1',
  attachmentFolders: [],
  maxBodyChars: 8000,
};

describe('attachments from the skill storage', () => {
  it('a record saved under a storage key is attached with its name, type and bytes', async () => {
    const ctx = createTestContext<GmailConfig>({ name: 'gmail', config });
    await ctx.storage.set('exports/q3', {
      filename: 'q3.csv',
      contentType: 'text/csv',
      contentBase64: Buffer.from('a,b\n1,2\n').toString('base64'),
    });
    const [a] = await loadAttachments(ctx, [{ storageKey: 'exports/q3' }]);
    expect([a?.filename, a?.contentType, a?.content.toString()]).toEqual([
      'q3.csv',
      'text/csv',
      'a,b\n1,2\n',
    ]);
  });

  it('a missing key is INVALID_INPUT naming the key', async () => {
    const ctx = createTestContext<GmailConfig>({ name: 'gmail', config });
    await expect(loadAttachments(ctx, [{ storageKey: 'nope' }])).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: `The skill's storage has no attachment under "nope".`,
    });
  });

  it('a relative path is POLICY_DENIED even with no folder allowed', async () => {
    const ctx = createTestContext<GmailConfig>({ name: 'gmail', config });
    await expect(loadAttachments(ctx, [{ path: 'notes.txt' }])).rejects.toMatchObject({
      code: 'POLICY_DENIED',
    });
  });
});
