// RFC 2822 message building and Gmail's base64url payload decoding.
import { SkillError } from '@openclaw/skill-sdk';

export interface Outgoing {
  to: string;
  cc?: string;
  subject: string;
  body: string;
}

/** Non-ASCII header text as an RFC 2047 encoded word. */
const encodeHeader = (s: string) =>
  /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;

/**
 * A line break in a header value would start another header (`Bcc: ...`), so the message
 * is refused rather than silently changed: the model or the user fixes the value.
 */
function oneLine(field: keyof Outgoing, value: string): string {
  if (/[\r\n]/.test(value)) {
    throw new SkillError(
      'INVALID_INPUT',
      `"${field}" must be a single line: a line break in it could add email headers.`,
      { hint: `Remove the line breaks from "${field}".`, details: { field } },
    );
  }
  return value.trim();
}

export function buildRawMessage(m: Outgoing): string {
  const headers = [
    `To: ${oneLine('to', m.to)}`,
    ...(m.cc ? [`Cc: ${oneLine('cc', m.cc)}`] : []),
    `Subject: ${encodeHeader(oneLine('subject', m.subject))}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
  ];
  const body = Buffer.from(m.body.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64');
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}`, 'utf8').toString('base64url');
}

export interface GmailPart {
  mimeType?: string;
  body?: { data?: string; size?: number };
  parts?: GmailPart[];
  headers?: Array<{ name: string; value: string }>;
}

/** The first text/plain part of a message payload, decoded. */
export function plainText(part: GmailPart | undefined): string | undefined {
  if (!part) return undefined;
  if (part.mimeType === 'text/plain' && part.body?.data) {
    return Buffer.from(part.body.data, 'base64url').toString('utf8');
  }
  for (const p of part.parts ?? []) {
    const t = plainText(p);
    if (t !== undefined) return t;
  }
  return undefined;
}

export function header(part: GmailPart | undefined, name: string): string | undefined {
  return part?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}
