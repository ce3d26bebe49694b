// A message as a model reads it: sender, recipients, subject, date, the plain-text body
// (HTML converted by html-to-text when there is no text part), attachments listed, and
// what gmail.send needs to reply in the same thread. Parsed from Gmail's `raw` form by
// postal-mime, so encoded words, charsets and transfer encodings are the library's job.
import PostalMime, { type Address } from 'postal-mime';
import { convert } from 'html-to-text';
import type { ReplyTarget } from './compose.js';

export interface ReadMessage {
  id: string;
  threadId: string;
  labels: string[];
  from: string;
  to: string;
  cc?: string;
  subject: string;
  date: string;
  attachments: Array<{ filename: string; mimeType: string; size: number }>;
  body: string;
  /** Set when the body was cut: how many characters it had. */
  bodyChars?: number;
  /** Pass as gmail.send's `reply` to answer in this thread. */
  reply: ReplyTarget & { to: string };
}

const formatAddress = (a: Address): string => {
  if ('group' in a && a.group) return `${a.name}: ${a.group.map(formatAddress).join(', ')};`;
  const addr = (a as { address?: string }).address ?? '';
  return a.name ? `${a.name} <${addr}>` : addr;
};
const formatList = (list?: Address[]) => (list ?? []).map(formatAddress).join(', ');

export async function readMessage(
  meta: { id: string; threadId: string; labelIds?: string[] },
  raw: Buffer,
  maxBodyChars: number,
): Promise<ReadMessage> {
  const mail = await PostalMime.parse(raw);
  const text =
    mail.text?.trim() ||
    (mail.html
      ? convert(mail.html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] })
      : '');
  const cut = text.length > maxBodyChars;
  const body = cut
    ? `${text.slice(0, maxBodyChars)}\n\n[body cut: showing ${maxBodyChars} of ${text.length} characters]`
    : text;
  const from = mail.from ? formatAddress(mail.from) : '';
  const replyTo = mail.replyTo?.length ? formatList(mail.replyTo) : from;
  const subject = mail.subject ?? '';
  const references = [mail.references, mail.messageId].filter(Boolean).join(' ');
  return {
    id: meta.id,
    threadId: meta.threadId,
    labels: meta.labelIds ?? [],
    from,
    to: formatList(mail.to),
    ...(mail.cc?.length && { cc: formatList(mail.cc) }),
    subject,
    date: mail.date ?? '',
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '(unnamed)',
      mimeType: a.mimeType,
      size: typeof a.content === 'string' ? a.content.length : a.content.byteLength,
    })),
    body,
    ...(cut && { bodyChars: text.length }),
    reply: {
      threadId: meta.threadId,
      messageId: mail.messageId ?? '',
      ...(references && { references }),
      subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
      to: replyTo,
    },
  };
}
