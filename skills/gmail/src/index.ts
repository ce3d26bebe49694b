import { defineSkill, defineTool, SkillError, type SkillContext } from '@openclaw/skill-sdk';
import { buildRawMessage, header, plainText, type GmailPart } from './mime.js';

interface GmailConfig {
  apiBaseUrl: string;
}

interface GmailMessage {
  id: string;
  threadId: string;
  snippet?: string;
  labelIds?: string[];
  payload?: GmailPart;
}

const listInput = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    maxResults: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
  additionalProperties: false,
} as const;

const readInput = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1 } },
  required: ['id'],
  additionalProperties: false,
} as const;

const sendInput = {
  type: 'object',
  properties: {
    to: { type: 'string', minLength: 3 },
    cc: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
    threadId: { type: 'string' },
  },
  required: ['to', 'subject', 'body'],
  additionalProperties: false,
} as const;

/** Gmail REST calls through the host's authorized fetch (bearer token, refresh on 401). */
function gmailApi(ctx: SkillContext<GmailConfig>) {
  const base = new URL('/gmail/v1/users/me/', ctx.config.apiBaseUrl);
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await ctx.auth.fetch('google', new URL(path, base), init);
    if (res.status === 404)
      throw new SkillError('SKILL_ERROR', 'Gmail has no such message.', {
        hint: 'Use an id returned by gmail.list.',
      });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
      throw new SkillError(
        'SKILL_ERROR',
        `Gmail answered ${res.status}: ${body.error?.message ?? res.statusText}`,
      );
    }
    return (await res.json()) as T;
  };
}

export default defineSkill<GmailConfig>({
  createTools(ctx) {
    const api = gmailApi(ctx);
    return {
      'gmail.list': defineTool(listInput, async ({ query, maxResults = 10 }, { signal }) => {
        const params = new URLSearchParams({ maxResults: String(maxResults) });
        if (query) params.set('q', query);
        const list = await api<{ messages?: Array<{ id: string }>; resultSizeEstimate?: number }>(
          `messages?${params}`,
          { signal },
        );
        const ids = (list.messages ?? []).map((m) => m.id);
        const meta = new URLSearchParams({ format: 'metadata' });
        for (const h of ['From', 'Subject', 'Date']) meta.append('metadataHeaders', h);
        const messages = await Promise.all(
          ids.map((id) =>
            api<GmailMessage>(`messages/${encodeURIComponent(id)}?${meta}`, { signal }),
          ),
        );
        return {
          messages: messages.map((m) => ({
            id: m.id,
            threadId: m.threadId,
            from: header(m.payload, 'From'),
            subject: header(m.payload, 'Subject'),
            date: header(m.payload, 'Date'),
            unread: m.labelIds?.includes('UNREAD') ?? false,
            snippet: m.snippet,
          })),
          resultSizeEstimate: list.resultSizeEstimate ?? ids.length,
        };
      }),
      'gmail.read': defineTool(readInput, async ({ id }, { signal }) => {
        const m = await api<GmailMessage>(`messages/${encodeURIComponent(id)}?format=full`, {
          signal,
        });
        return {
          id: m.id,
          threadId: m.threadId,
          from: header(m.payload, 'From'),
          to: header(m.payload, 'To'),
          subject: header(m.payload, 'Subject'),
          date: header(m.payload, 'Date'),
          body: plainText(m.payload) ?? m.snippet ?? '',
        };
      }),
      'gmail.send': defineTool(sendInput, async (input, { signal }) => {
        const raw = buildRawMessage(input);
        const sent = await api<{ id: string; threadId: string }>('messages/send', {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ raw, ...(input.threadId && { threadId: input.threadId }) }),
        });
        ctx.logger.info({ id: sent.id }, 'message sent');
        return { id: sent.id, threadId: sent.threadId, status: 'sent' };
      }),
    };
  },
});
