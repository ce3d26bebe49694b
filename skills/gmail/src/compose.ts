// Outgoing messages, built by nodemailer's MailComposer (RFC 5322/2045/2047: encoded words
// for non-ASCII subjects and names, multipart/alternative, attachments, base64 wrapped at
// 76 characters). Header values are checked first: nodemailer would fold a line break away,
// and a line break in a model-supplied value is how a `Bcc:` gets smuggled in, so it is
// refused, not repaired.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { SkillError } from '@openclaw/skill-sdk';

export interface ReplyTarget {
  threadId: string;
  /** The Message-ID header of the message replied to, `<...@...>`. */
  messageId: string;
  /** Its References header, if it had one. */
  references?: string;
  subject?: string;
}

export interface OutgoingAttachment {
  filename: string;
  contentType?: string;
  content: Buffer;
}

export interface Outgoing {
  to: string;
  cc?: string;
  bcc?: string;
  subject: string;
  body: string;
  html?: string;
  reply?: ReplyTarget;
  attachments?: OutgoingAttachment[];
}

/** Refuses a header value with a line break (or other control character) in it. */
export function singleLine(field: string, value: string): string {
  // Control characters (CR and LF above all) and Unicode line separators.
  if (/[\p{Cc}\u2028\u2029]/u.test(value.replace(/\t/g, ' '))) {
    throw new SkillError(
      'INVALID_INPUT',
      `"${field}" must be a single line: a line break in it could add email headers.`,
      { hint: `Remove the line breaks from "${field}".`, details: { field } },
    );
  }
  return value.trim();
}

/** "Re: x" for a reply, unless the subject already says so (Gmail threads on the subject too). */
export function replySubject(original: string): string {
  return /^re:/i.test(original.trim()) ? original.trim() : `Re: ${original.trim()}`;
}

/** The whole message as RFC 5322 bytes, ready for Gmail's `raw` (base64url) field. */
export async function composeMessage(m: Outgoing): Promise<Buffer> {
  const to = singleLine('to', m.to);
  const cc = m.cc === undefined ? undefined : singleLine('cc', m.cc);
  const bcc = m.bcc === undefined ? undefined : singleLine('bcc', m.bcc);
  const subject = singleLine('subject', m.subject);
  const inReplyTo = m.reply && singleLine('reply.messageId', m.reply.messageId);
  // The thread's chain, ending with the message answered (gmail.read's `reply.references`
  // already holds it; a bare messageId becomes the chain).
  const chain = (m.reply?.references ? singleLine('reply.references', m.reply.references) : '')
    .split(/\s+/)
    .filter(Boolean);
  if (inReplyTo && !chain.includes(inReplyTo)) chain.push(inReplyTo);
  const references = chain.join(' ');
  for (const a of m.attachments ?? []) singleLine('attachment filename', a.filename);
  const node = new MailComposer({
    to,
    ...(cc && { cc }),
    ...(bcc && { bcc }),
    subject,
    text: m.body,
    ...(m.html && { html: m.html }),
    ...(inReplyTo && { inReplyTo, references }),
    attachments: (m.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      ...(a.contentType && { contentType: a.contentType }),
    })),
    // Base64 for every text part: lines stay within 76 characters whatever the body holds.
    textEncoding: 'base64',
  }).compile();
  // Gmail delivers to Bcc recipients only if the header is in `raw` (it strips it on sending).
  node.keepBcc = true;
  return node.build();
}
