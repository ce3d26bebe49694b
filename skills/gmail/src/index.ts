import { defineSkill, defineTool, SkillError } from '@openclaw/skill-sdk';
import { gmailApi, type GmailConfig } from './api.js';
import { loadAttachments } from './attachments.js';
import { composeMessage, replySubject } from './compose.js';
import { mapLimit } from './limit.js';
import { readMessage } from './read.js';
import { archiveInput, labelInput, listInput, readInput, sendInput } from './schemas.js';

interface MessageMeta {
  id: string;
  threadId: string;
  labelIds?: string[];
  snippet?: string;
  payload?: { headers?: Array<{ name: string; value: string }> };
}

/** Metadata fetches gmail.list runs at once (Gmail limits concurrent requests per user). */
const LIST_CONCURRENCY = 5;

const header = (m: MessageMeta, name: string) =>
  m.payload?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';

export default defineSkill<GmailConfig>({
  createTools(ctx) {
    const readonly = gmailApi(ctx, 'gmail.readonly');
    const send = gmailApi(ctx, 'gmail.send');
    const modify = gmailApi(ctx, 'gmail.modify');

    const batchModify = (
      ids: readonly string[],
      change: { addLabelIds?: string[]; removeLabelIds?: string[] },
      signal: AbortSignal,
    ) =>
      modify<void>('messages/batchModify', {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids, ...change }),
      });

    return {
      'gmail.list': defineTool(listInput, async ({ query, maxResults = 10 }, { signal }) => {
        const params = new URLSearchParams({ maxResults: String(maxResults) });
        if (query) params.set('q', query);
        const list = await readonly<{
          messages?: Array<{ id: string; threadId: string }>;
          resultSizeEstimate?: number;
        }>(`messages?${params}`, { signal });
        const meta = new URLSearchParams({ format: 'metadata' });
        for (const h of ['From', 'Subject', 'Date']) meta.append('metadataHeaders', h);
        const messages = await mapLimit(list.messages ?? [], LIST_CONCURRENCY, (m) =>
          readonly<MessageMeta>(`messages/${encodeURIComponent(m.id)}?${meta}`, { signal }),
        );
        return {
          messages: messages.map((m) => ({
            id: m.id,
            threadId: m.threadId,
            from: header(m, 'From'),
            subject: header(m, 'Subject'),
            date: header(m, 'Date'),
            unread: m.labelIds?.includes('UNREAD') ?? false,
            snippet: m.snippet ?? '',
          })),
          resultSizeEstimate: list.resultSizeEstimate ?? messages.length,
        };
      }),

      'gmail.read': defineTool(readInput, async ({ id }, { signal }) => {
        const m = await readonly<{
          id: string;
          threadId: string;
          labelIds?: string[];
          raw: string;
        }>(`messages/${encodeURIComponent(id)}?format=raw`, { signal });
        return readMessage(m, Buffer.from(m.raw, 'base64url'), ctx.config.maxBodyChars ?? 8000);
      }),

      'gmail.send': defineTool(sendInput, async (input, { signal }) => {
        const subject = input.reply
          ? replySubject(input.reply.subject ?? input.subject ?? '')
          : input.subject;
        if (subject === undefined)
          throw new SkillError(
            'INVALID_INPUT',
            '"subject" is required unless the message is a reply.',
            {
              details: { field: 'subject' },
            },
          );
        const attachments = await loadAttachments(ctx, input.attachments ?? []);
        const raw = await composeMessage({
          to: input.to,
          ...(input.cc !== undefined && { cc: input.cc }),
          ...(input.bcc !== undefined && { bcc: input.bcc }),
          subject,
          body: input.body,
          ...(input.html !== undefined && { html: input.html }),
          ...(input.reply && {
            reply: {
              threadId: input.reply.threadId,
              messageId: input.reply.messageId,
              ...(input.reply.references && { references: input.reply.references }),
            },
          }),
          attachments,
        });
        const sent = await send<{ id: string; threadId: string; labelIds?: string[] }>(
          'messages/send',
          {
            method: 'POST',
            signal,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              raw: raw.toString('base64url'),
              ...(input.reply && { threadId: input.reply.threadId }),
            }),
          },
        );
        ctx.logger.info({ id: sent.id, attachments: attachments.length }, 'message sent');
        return {
          status: 'sent',
          id: sent.id,
          threadId: sent.threadId,
          subject,
          attachments: attachments.map((a) => a.filename),
        };
      }),

      'gmail.archive': defineTool(archiveInput, async ({ ids }, { signal }) => {
        await batchModify(ids, { removeLabelIds: ['INBOX'] }, signal);
        return { status: 'archived', count: ids.length, ids };
      }),

      'gmail.label': defineTool(labelInput, async ({ ids, add = [], remove = [] }, { signal }) => {
        if (add.length + remove.length === 0)
          throw new SkillError(
            'INVALID_INPUT',
            'Give at least one label name in "add" or "remove".',
          );
        const { labels = [] } = await modify<{ labels?: Array<{ id: string; name: string }> }>(
          'labels',
          { signal },
        );
        const byName = new Map(labels.map((l) => [l.name.toLowerCase(), l.id]));
        const unknown = [...add, ...remove].filter((n) => !byName.has(n.toLowerCase()));
        if (unknown.length)
          throw new SkillError(
            'INVALID_INPUT',
            `No label named ${unknown.map((n) => `"${n}"`).join(', ')}.`,
            {
              hint: `Labels in this mailbox: ${labels.map((l) => l.name).join(', ')}`,
              details: { unknown },
            },
          );
        const idOf = (n: string) => byName.get(n.toLowerCase())!;
        await batchModify(
          ids,
          { addLabelIds: add.map(idOf), removeLabelIds: remove.map(idOf) },
          signal,
        );
        return { status: 'updated', count: ids.length, added: add, removed: remove };
      }),
    };
  },
});
